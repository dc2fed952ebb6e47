// Every command of the CLI, in the order `--help` lists them. A new command is one file here and
// one line in this list.
import type { Command } from "commander";
import type { CommandContext } from "../io";
import { registerCheck } from "./check";
import { registerCompare } from "./compare";
import { registerDiff } from "./diff";
import { registerMatrix } from "./matrix";
import { registerParse } from "./parse";
import { registerSpecs } from "./specs";

export const COMMANDS: ((program: Command, ctx: CommandContext) => void)[] = [
  registerCheck,
  registerCompare,
  registerDiff,
  registerMatrix,
  registerParse,
  registerSpecs,
];
