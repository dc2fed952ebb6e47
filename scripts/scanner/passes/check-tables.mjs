// @ts-check
// verify / check-tables: what the run-time scanner (src/scanner/) takes for granted of the tables,
// each problem reported: in both DFAs, state 0 rejects everything and state 1 accepts everything (the
// scan stops at 0, a question is answered at 0 or 1); every transition is a state; every start rule
// and every question starts in a state; at most 255 classes (LOW is bytes) and 32 reverse-answered
// questions (REV_BITS is 32 bits). Returns the sizes the generated modules' headers and the build's
// log state.
import { need, needOrNull } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"stats">} */
export const checkTables = {
  name: "check-tables",
  stage: "verify",
  key: "stats",
  summary: "the tables are what the run-time scanner takes for granted (sinks, sizes); their sizes",
  run(c, session) {
    const dfa = need(c, "dfa");
    const acceptance = need(c, "acceptance");
    const classes = need(c, "classes");
    const questions = need(c, "questions").list;
    const reverse = needOrNull(c, "reverse");
    const K = classes.length;
    for (const [what, d] of /** @type {const} */ ([["the scanner's DFA", dfa], ["the acceptance DFA", acceptance]])) {
      if (d.trans.length < 2) {
        session.error(`${what} has ${d.trans.length} states: it needs its two sinks`);
        continue;
      }
      if (d.trans[0].some((t) => t !== 0) || d.accept[0]) session.error(`${what}: state 0 is not the dead state (it must reject everything)`);
      if (d.trans[1].some((t) => t !== 1) || !d.accept[1]) session.error(`${what}: state 1 does not accept everything`);
      const bad = d.trans.findIndex((row) => row.length !== K || row.some((t) => t < 0 || t >= d.trans.length));
      if (bad >= 0) session.error(`${what}: state ${bad}'s row is not ${K} states`);
      for (const [rule, s] of Object.entries(d.starts)) if (!(s >= 0 && s < d.trans.length)) session.error(`${what}: rule ${rule} starts in no state (${s})`);
    }
    questions.forEach((q, i) => {
      if (!(q.start >= 0 && q.start < dfa.trans.length)) session.error(`question ${i} starts in no state (${q.start})`);
    });
    if (K > 255) session.error(`${K} character classes: more than 255 (LOW is a byte per code unit)`);
    const reverseQuestions = questions.filter((d) => d.reverse).length;
    if (reverseQuestions > 32) session.error(`${reverseQuestions} questions need the reverse pass: more than 32 (REV_BITS has 32 bits)`);
    if (reverseQuestions > 0 && reverse === null) session.error(`${reverseQuestions} questions need the reverse pass, and there is none`);
    return {
      graphNodes: need(c, "continuations").graph.nodes.length,
      exploredStates: dfa.explored,
      states: dfa.trans.length,
      classes: K,
      decisions: questions.length,
      boundedDecisions: questions.filter((d) => d.depth !== null).length,
      reverseDecisions: reverseQuestions,
      reverseStates: reverse ? reverse.transitions.length : 0,
    };
  },
  dump(stats) {
    return Object.entries(stats).map(([k, v]) => `${k}: ${v}`).join("\n");
  },
};
