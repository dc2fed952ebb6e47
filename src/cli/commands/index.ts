// Every command of the CLI, in the order `--help` lists them. A new command is one file here and
// one line in this list.
import type { Command } from "commander";
import type { CommandContext } from "../io";
import { registerCheck } from "./check";
import { registerEquivalent } from "./equivalent";
import { registerNormalize } from "./normalize";
import { registerParse } from "./parse";
import { registerResolve } from "./resolve";
import { registerSpecs } from "./specs";

export const COMMANDS: ((program: Command, ctx: CommandContext) => void)[] = [
  registerCheck,
  registerParse,
  registerSpecs,
  registerResolve,
  registerNormalize,
  registerEquivalent,
];
