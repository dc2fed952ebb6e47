// Every command of the CLI, in the order `--help` lists them. A new command is one file here and
// one line in this list.
import type { Command } from "commander";
import type { CommandContext } from "../io";
import { registerCheck } from "./check";
import { registerCompare } from "./compare";
import { registerDiff } from "./diff";
import { registerExplain } from "./explain";
import { registerMatrix } from "./matrix";
import { registerFidelity } from "./fidelity";
import { registerParse } from "./parse";
import { registerRules } from "./rules";
import { registerSpecs } from "./specs";

export const COMMANDS: ((program: Command, ctx: CommandContext) => void)[] = [
  registerCheck,
  registerCompare,
  registerDiff,
  registerExplain,
  registerMatrix,
  registerParse,
  registerSpecs,
  registerRules,
  registerFidelity,
];
