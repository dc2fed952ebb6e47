// whatwg-2026-06-25: how the document says to delimit a reference in running text (the row of
// DELIMITING_RULES for this revision): as whatwg's, which the seven commits did not touch.
import type { DelimitingRow } from "../../src/revisions/delimiting-row";
import { DELIMITING as WHATWG } from "../whatwg/delimiting";

export const DELIMITING: DelimitingRow = WHATWG;
