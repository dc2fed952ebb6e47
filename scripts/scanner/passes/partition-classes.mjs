// @ts-check
// build / partition-classes: the code units split into classes, two code units in one class when
// every character set of the grammar holds both or neither (scripts/scanner/charsets.mjs): the
// columns of every table.
import { partition } from "../charsets.mjs";
import { rangesText, table } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"classes">} */
export const partitionClasses = {
  name: "partition-classes",
  stage: "build",
  key: "classes",
  summary: "the character classes: code units no character set of the grammar tells apart",
  run(c) {
    return partition(need(c, "continuations").graph.sets);
  },
  dump(classes) {
    return [`${classes.length} classes`, table(["#", "code units"], classes.map((cls) => [cls.id, rangesText(cls.ranges)]))].join("\n");
  },
};
