// Every command of the CLI, in the order `--help` lists them. A new command is one file here and
// one line in this list.
import type { Command } from "commander";
import type { CommandContext } from "../io";
import { registerCheck } from "./check";
import { registerCompare } from "./compare";
import { registerConfusion } from "./confusion";
import { registerDiff } from "./diff";
import { registerEquivalent } from "./equivalent";
import { registerExplain } from "./explain";
import { registerExtract } from "./extract";
import { registerFidelity } from "./fidelity";
import { registerMatrix } from "./matrix";
import { registerNormalize } from "./normalize";
import { registerParse } from "./parse";
import { registerResolve } from "./resolve";
import { registerRules } from "./rules";
import { registerServe } from "./serve";
import { registerSpecs } from "./specs";
import { registerSuite } from "./suite";
import { registerAudit } from "./audit";
import { registerIri } from "./iri";
import { registerBuild } from "./build";
import { registerCompletion } from "./completion";

export const COMMANDS: ((program: Command, ctx: CommandContext) => void)[] = [
  registerCheck,
  registerCompare,
  registerConfusion,
  registerDiff,
  registerExplain,
  registerMatrix,
  registerParse,
  registerResolve,
  registerNormalize,
  registerIri,
  registerEquivalent,
  registerBuild,
  registerSpecs,
  registerRules,
  registerFidelity,
  registerServe,
  registerExtract,
  registerSuite,
  registerAudit,
  registerCompletion,
];
