// @page 20 trace.html "Trace" every step of the parse, on the rule's diagram, one revision or two side by side
// The trace: how the parser got there. For an input, a revision and a start rule (parse()'s own
// default when none is given), every step of the PEG as peggy runs it (lib/trace.ts): each rule
// entered, each alternative of an ordered choice tried, where it failed and why, where the choice
// committed, each iteration of a repetition, each lookahead. Step forward and back (buttons,
// slider, arrow keys in the timeline), step over a call, out of it, or to the next decision; show or
// hide failed attempts (runs of character tests fold into one row); jump from the error to the rule
// explain() names; the current rule's railroad diagram shows the path taken so far
// (lib/diagram-path.ts) and exports, with the steps as Markdown, captioned; the whole parse as a
// tree of the calls that matched (failed attempts folded) beside the steps. With a second revision
// (?b), both traces side by side, aligned rule call by rule call, with the first rule-level choice
// they make differently and the rule texts that explain it.
// State in the fragment: #input=&spec=&rule=&b=&step=&failed=&terms= (step=error: the step that
// decided the error).
import { availableSpecIds, DEFAULT_SPEC, getRevision, type Revision } from "../../revisions";
import { loadRevisionData, type RevisionData } from "../lib/data";
import { h, fill, mainElement, startPage } from "../lib/dom";
import { drawPath } from "../lib/diagram-path";
import { diagramElement, pegItem } from "../lib/railroad";
import { displayName, ruleByPegName, ruleHref, ruleLinks } from "../lib/rules";
import { sourceHref } from "../lib/sources";
import { FLAG_SILENT, Step, traceGrammar, TRACE_INPUT_LIMIT, TRACE_STEP_LIMIT, type TraceGrammar, type TraceResult } from "../lib/trace";
import {
  alignKey, alignTraces, callStack, callTree, describe, givenBack, quote, diagramState, errorStep, firstDivergence, insideFailure, nextDecision, ruleLabel, ruleSteps, stepOut, stepOver, subtreeSizes, visibleSteps, whereTheyPart,
  type AlignedRow, type CallNode, type Parting,
} from "../lib/trace-model";
import { downloadButtons, downloadText, type Caption } from "../lib/diagram-export";
import { readParam, shareNote, throttledWriter } from "../lib/url-state";
import { WorkerClient } from "../lib/worker-client";
import type { TraceAnswer } from "../lib/worker-protocol";

/** The example the page opens on: valid under draft-2003, rejected by draft-1997 at the "[" (compare them). */
const DEFAULT_INPUT = "http://[::1]/";
/** Rows of the timeline drawn around the current step. */
const ROWS_BEFORE = 12;
const ROWS_AFTER = 22;

/** One revision's trace as the page holds it. */
class Side {
  grammar: TraceGrammar;
  sizes: Int32Array;
  answer: TraceAnswer | null = null;
  inside: Uint8Array = new Uint8Array(0);
  diagrams = new Map<number, HTMLElement>();
  constructor(readonly revision: Revision, readonly data: RevisionData) {
    this.grammar = traceGrammar(data);
    this.sizes = subtreeSizes(this.grammar);
  }
  get trace(): TraceResult | null {
    return this.answer?.trace ?? null;
  }
  diagram(rule: number): HTMLElement {
    let d = this.diagrams.get(rule);
    if (!d) {
      const name = this.grammar.rules[rule];
      d = diagramElement(pegItem(this.data.peg[name].expr, ruleLinks(this.revision, false)), `railroad diagram of the PEG of ${ruleLabel(this.revision, name).name}, with the input's path`, "peg");
      this.diagrams.set(rule, d);
    }
    return d;
  }
}

startPage(async () => {
  const main = mainElement();
  main.classList.add("trace-page");
  const specs = availableSpecIds();
  const pick = (value: string | null, fallback: string) => (value && (specs as string[]).includes(value) ? value : fallback);

  const input = h("input", { id: "trace-input", type: "text", class: "url-input", spellcheck: "false", autocomplete: "off", autocapitalize: "off", value: readParam("input") ?? DEFAULT_INPUT });
  const specA = h("select", { id: "trace-spec" }, specs.map((id) => h("option", { value: id }, `${id} (${getRevision(id)!.date})`)));
  specA.value = pick(readParam("spec"), DEFAULT_SPEC);
  const specB = h("select", { id: "trace-spec-b" }, h("option", { value: "" }, "— (one revision)"), specs.map((id) => h("option", { value: id }, `${id} (${getRevision(id)!.date})`)));
  specB.value = readParam("b") && (specs as string[]).includes(readParam("b")!) ? readParam("b")! : "";
  const rule = h("input", { id: "trace-rule", type: "text", spellcheck: "false", autocomplete: "off", placeholder: "the revision's own", value: readParam("rule") ?? "", list: "trace-rules" });
  const ruleList = h("datalist", { id: "trace-rules" });
  const showFailed = h("input", { type: "checkbox", id: "show-failed", checked: readParam("failed") !== "0" });
  const showTerms = h("input", { type: "checkbox", id: "show-terms", checked: readParam("terms") !== "0" });
  const shareLine = h("p", { class: "note share-note", id: "share-note", role: "status" });
  const out = h("div", { class: "trace-out", "aria-live": "off" });

  main.append(
    h("p", { class: "intro" }, "Watch the parser work: every decision of the PEG, one step at a time, on the rule's railroad diagram. ",
      h("a", { href: "notation.html#glossary" }, "Glossary"), " · ", h("a", { href: "#trace-key" }, "Key")),
    h("details", { class: "how-to" },
      h("summary", {}, "How to read a trace"),
      h("p", {}, "Each step is one decision of the PEG, exactly as peggy runs it: a rule entered, an alternative of an ordered choice tried (the first that matches wins), a repetition taking one more iteration (it never gives one back), a lookahead peeking. ",
        "Step with the buttons, the slider or the arrow keys in the timeline; the rule's railroad diagram shows the path taken so far. An invalid input's “Go to the step that decided it” jumps to the first failure at the farthest offset. Pick a second revision to see both side by side, aligned, with the first place they part."),
      h("p", { class: "note" }, `Traces stop at ${TRACE_INPUT_LIMIT.toLocaleString("en")} characters of input (a longer trace is too long to read), and at ${TRACE_STEP_LIMIT.toLocaleString("en")} steps.`)),
    h("div", { class: "trace-controls" },
      h("label", { class: "input-label" }, "Input", input),
      h("label", {}, "Revision", specA),
      h("label", {}, "Side by side with", specB),
      h("label", { class: "rule-label" }, "Start rule (optional)", rule, ruleList)),
    shareLine,
    out,
    traceKey(),
  );

  const dataCache = new Map<string, Promise<Side>>();
  const sideOf = (spec: string) => {
    let p = dataCache.get(spec);
    if (!p) {
      p = loadRevisionData(spec).then((d) => new Side(getRevision(spec)!, d));
      dataCache.set(spec, p);
    }
    return p;
  };
  const clients = [new WorkerClient(), new WorkerClient()];
  let firstRun = true;
  const writeState = throttledWriter(400, (w) => fill(shareLine, shareNote(w, "input") ?? ""));
  let stepParam: string | null = readParam("step");

  const view = { setStep: (_: number) => {}, step: -1 };
  const saveState = () => {
    writeState({ input: input.value === DEFAULT_INPUT ? null : input.value, spec: specA.value === DEFAULT_SPEC ? null : specA.value, rule: rule.value.trim(), b: specB.value, step: view.step >= 0 ? String(view.step) : null, failed: showFailed.checked ? null : "0", terms: showTerms.checked ? null : "0" }, input.value.length > 4096);
  };

  let generation = 0;
  const run = async () => {
    const gen = ++generation;
    const text = input.value;
    const startRule = rule.value.trim();
    const a = await sideOf(specA.value);
    fill(ruleList, a.revision.rules.filter((r) => r.kind !== "helper").map((r) => h("option", { value: displayName(r) })));
    const b = specB.value ? await sideOf(specB.value) : null;
    out.dataset.state = "running";
    const ask = (side: Side, client: WorkerClient) => client.request({ type: "trace", spec: side.revision.id, rule: startRule, input: text });
    const [ra, rb] = await Promise.all([ask(a, clients[0]), b ? ask(b, clients[1]) : Promise.resolve(null)]);
    if (gen !== generation || !ra?.trace || (b && !rb?.trace)) return; // a newer input took over
    a.answer = ra.trace;
    a.inside = a.trace ? insideFailure(a.trace) : new Uint8Array(0);
    if (b && rb?.trace) {
      b.answer = rb.trace;
      b.inside = b.trace ? insideFailure(b.trace) : new Uint8Array(0);
    }
    // #step=N, or #step=error: the step that decided the error (links from the playground's columns).
    const deciding = a.trace ? errorStep(a.revision, a.grammar, a.trace, ra.trace.parse.explainRule) : null;
    const initial = firstRun && stepParam !== null ? (stepParam === "error" ? (b ? null : deciding) : Number(stepParam)) : null;
    firstRun = false;
    stepParam = null;
    try {
      if (b) renderCompare(out, a, b, view, saveState, initial);
      else renderSingle(out, a, view, showFailed, showTerms, saveState, initial);
    } catch (e) {
      out.append(h("p", { class: "failure", role: "alert" }, `The trace could not be drawn: ${e instanceof Error ? e.message : String(e)}`));
      console.error(e);
    }
    out.dataset.state = "done";
    out.dataset.input = text;
    saveState();
  };
  const rerun = () => {
    view.step = -1;
    run().catch((e) => { throw e; });
  };
  input.addEventListener("input", rerun);
  rule.addEventListener("input", rerun);
  specA.addEventListener("change", rerun);
  specB.addEventListener("change", rerun);
  await run();
});

// ---- One revision ----

function renderSingle(out: HTMLElement, side: Side, view: { setStep: (i: number) => void; step: number }, showFailed: HTMLInputElement, showTerms: HTMLInputElement, save: () => void, initial: number | null): void {
  const el = h("section", { class: "trace-side", id: "trace-a", "aria-label": `trace under ${side.revision.id}` });
  fill(out, el);
  const t = side.trace;
  el.append(verdictLine(side, (i) => view.setStep(i)));
  describeSide(el, side);
  if (!t) return;
  const stepper = h("div", { class: "stepper" });
  const card = h("div", { class: "rule-card" });
  const timeline = h("ol", { class: "timeline", id: "trace-steps", role: "listbox", tabindex: "0", "aria-label": "steps of the trace (arrow keys move)" });
  const sentence = h("p", { class: "step-sentence", "aria-live": "polite" });
  const strip = h("div", { class: "input-strip", "aria-hidden": "true" });
  const stack = h("nav", { class: "call-stack", "aria-label": "rules being tried, outermost first" });
  const tree = h("div", { class: "whole-parse", id: "whole-parse" });
  const exportSteps = h("button", { type: "button", class: "small", id: "export-steps", "aria-label": "download the steps as Markdown" }, "Steps as Markdown");
  const layout = h("div", { class: "trace-layout" },
    h("div", { class: "trace-now" }, stepper, strip, sentence, stack, card),
    h("div", { class: "trace-steps" },
      h("h2", { class: "steps-title" }, "Steps ", exportSteps), timeline,
      h("section", { class: "whole-parse-panel", "aria-labelledby": "whole-parse-title" },
        h("h2", { id: "whole-parse-title" }, "The whole parse"),
        h("p", { class: "note" }, "The rules that matched, as a tree (the one-character rules left out); the attempts that failed are folded under ✗. Choose a rule to go to its call."),
        tree)));
  el.append(layout);

  let shown = visibleSteps(t, showFailed.checked, showTerms.checked, side.inside);
  const slider = h("input", { type: "range", min: "0", max: String(Math.max(0, shown.length - 1)), value: "0", "aria-label": "step" });
  const counter = h("span", { class: "counter" });
  const button = (label: string, title: string, go: () => void, cls = "") => h("button", { type: "button", title, "aria-label": title, class: cls || null, onclick: go }, label);
  const nextFailure = () => {
    for (let k = indexOf(view.step) + 1; k < shown.length; k++) if (isFailure(t, shown[k])) return view.setStep(shown[k]);
  };
  // Over a call (or an alternative, an iteration, a lookahead): to where it ends; out: to the end
  // of the rule the step is in; the next decision: where a choice commits, a loop stops ...
  const visibleFrom = (i: number) => shown[Math.min(shown.length - 1, indexOf(i) + (shown[indexOf(i)] < i ? 1 : 0))];
  fill(stepper,
    button("|◀", "first step", () => view.setStep(shown[0])),
    button("◀", "previous step", () => view.setStep(shown[Math.max(0, indexOf(view.step) - 1)])),
    slider,
    button("▶", "next step", () => view.setStep(shown[Math.min(shown.length - 1, indexOf(view.step) + 1)])),
    button("▶|", "last step", () => view.setStep(shown[shown.length - 1])),
    button("over ↷", "step over: to the end of this call, alternative or iteration", () => view.setStep(visibleFrom(stepOver(t, view.step))), "step-over"),
    button("out ⤴", "step out: to the end of the rule this step is in", () => view.setStep(visibleFrom(stepOut(t, view.step))), "step-out"),
    button("decision ◆", "next decision: where a choice commits, a loop stops, an option is skipped", () => view.setStep(nextDecision(t, view.step, shown)), "next-decision"),
    button("next ✗", "next failed attempt", nextFailure),
    counter,
    h("label", { class: "check" }, showFailed, " failed attempts"),
    h("label", { class: "check" }, showTerms, " character tests"));

  // The position of a step in the shown list (the nearest shown step at or before it).
  function indexOf(step: number): number {
    let lo = 0;
    let hi = shown.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (shown[mid] <= step) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  // Runs of character tests the reader opened (by their first step): the others fold into one row.
  const opened = new Set<number>();
  // The step the reader chose: hiding failed attempts shows the nearest step before it, showing
  // them again returns to it.
  let chosen = 0;
  const captionOf = (): Caption => {
    const frame = t.steps.kind[view.step] === Step.END_FAIL ? 0 : t.steps.frame[view.step];
    const pegName = side.grammar.rules[t.steps.rule[Math.max(0, frame)]];
    const info = ruleByPegName(side.revision, pegName);
    return { rule: ruleLabel(side.revision, pegName).name, revision: side.revision.id, section: info?.section ?? null, input: t.input, what: `its PEG with the path of the parse at step ${view.step + 1}` };
  };
  const show = (step: number, choose: boolean) => {
    if (!Number.isFinite(step)) return;
    step = Math.max(0, Math.min(t.count - 1, Math.trunc(step)));
    if (choose) chosen = step;
    view.step = step;
    const k = indexOf(step);
    slider.value = String(k);
    counter.textContent = `step ${step + 1} of ${t.count.toLocaleString("en")}`;
    el.dataset.step = String(step);
    fill(sentence, stepSentence(side, step));
    fill(strip, ...inputStrip(t.input, t.steps.pos[step], t.steps.end[step], t.steps.kind[step]));
    fill(stack, ...stackLinks(side, step, (f) => showFrame(f)));
    showFrame(t.steps.kind[step] === Step.END_FAIL ? -1 : t.steps.frame[step]);
    drawTimeline(timeline, side, shown, k, (i) => view.setStep(i), opened, () => show(view.step, false));
    markTree(tree, step);
    save();
  };
  view.setStep = (step: number) => show(step, true);
  const showFrame = (frame: number) => {
    if (frame < 0) {
      fill(card, h("p", { class: "note" }, "After the start rule: the whole input should have been read."));
      return;
    }
    ruleCard(card, side, frame, view.step, captionOf);
  };
  slider.addEventListener("input", () => view.setStep(shown[Number(slider.value)]));
  const refilter = () => {
    shown = visibleSteps(t, showFailed.checked, showTerms.checked, side.inside);
    slider.max = String(Math.max(0, shown.length - 1));
    show(shown[indexOf(chosen)], false);
  };
  showFailed.onchange = refilter;
  showTerms.onchange = refilter;
  timeline.addEventListener("keydown", (ev) => {
    const k = indexOf(view.step);
    const to: Record<string, number> = { ArrowDown: k + 1, ArrowRight: k + 1, ArrowUp: k - 1, ArrowLeft: k - 1, PageDown: k + 20, PageUp: k - 20, Home: 0, End: shown.length - 1 };
    if (!(ev.key in to)) return;
    ev.preventDefault();
    view.setStep(shown[Math.max(0, Math.min(shown.length - 1, to[ev.key]))]);
    (timeline.querySelector("[aria-selected='true']") as HTMLElement | null)?.scrollIntoView({ block: "nearest" });
  });
  exportSteps.addEventListener("click", () => downloadText(stepsMarkdown(side, shown, captionOf()), `${side.revision.id}-${t.startRule}-trace.md`));
  drawTree(tree, side, (i) => view.setStep(i));
  (el as HTMLElement & { exportSteps?: () => unknown }).exportSteps = () => exportStepsData(side);
  view.setStep(initial ?? 0);
}

/** The steps shown, as Markdown: the caption, then one line per step, indented by depth. */
function stepsMarkdown(side: Side, shown: Int32Array, caption: Caption): string {
  const t = side.trace!;
  const min = Math.min(...Array.from(shown, (i) => t.steps.depth[i]));
  const lines = [`# ${caption.revision} ${ruleLabel(side.revision, t.startRule).name}: the trace of ${JSON.stringify(t.input)}`, "", `${t.ok ? "Valid" : `Invalid: the farthest failure is at offset ${t.farthest}`}; ${t.count.toLocaleString("en")} steps, ${shown.length.toLocaleString("en")} shown. From the uri-grammars explorer.`, ""];
  for (const i of Array.from(shown)) lines.push(`${"  ".repeat(Math.min(12, t.steps.depth[i] - min))}${i + 1}. ${describe(side.revision, side.grammar, t, i)}`);
  return `${lines.join("\n")}\n`;
}

/** The whole parse as a tree of rule calls: matched calls open, the failed ones folded under ✗ (lib/trace-model.ts callTree). */
function drawTree(box: HTMLElement, side: Side, go: (step: number) => void): void {
  const t = side.trace!;
  const { root, more } = callTree(side.revision, side.grammar, t, side.revision.characterRules);
  if (!root) return;
  // A call that matched and was given back (inside an option or alternative that failed after it) is no part of the parse.
  const back = givenBack(t);
  const kept = (n: CallNode) => {
    const close = t.steps.pair[n.step];
    return close >= 0 && t.steps.kind[close] === Step.MATCH && !back[n.step];
  };
  const label = (n: CallNode) => {
    const close = t.steps.pair[n.step];
    const ok = kept(n);
    const name = ruleLabel(side.revision, side.grammar.rules[t.steps.rule[n.step]]).name;
    const matched = close >= 0 && t.steps.kind[close] === Step.MATCH;
    const span = ok ? quote(t.input, t.steps.pos[n.step], t.steps.end[close], 24) : matched ? `${quote(t.input, t.steps.pos[n.step], t.steps.end[close], 24)}, given back` : `at offset ${t.steps.pos[n.step]}`;
    return h("button", { type: "button", class: `tree-node ${ok ? "ok" : "fail"}`, "data-step": n.step, "data-close": close, onclick: () => go(ok ? n.step : close >= 0 ? close : n.step) }, `${ok ? "" : "✗ "}${name}`, h("span", { class: "note" }, ` ${span}`));
  };
  // A call's calls: each matched one with its own calls; a run of failed ones folded into one item.
  const list = (nodes: CallNode[]): HTMLElement => {
    const items: HTMLElement[] = [];
    let failed: CallNode[] = [];
    const flush = () => {
      if (failed.length === 0) return;
      const names = failed.map((f) => ruleLabel(side.revision, side.grammar.rules[t.steps.rule[f.step]]).name);
      const distinct = [...new Set(names)];
      items.push(h("li", { class: "tree-failed" }, h("details", {}, h("summary", {}, `✗ ${failed.length} failed attempt${failed.length === 1 ? "" : "s"}: ${distinct.slice(0, 4).join(", ")}${distinct.length > 4 ? " …" : ""}`),
        h("ul", {}, failed.map((f) => h("li", {}, label(f), f.children.length > 0 ? list(f.children) : null))))));
      failed = [];
    };
    for (const n of nodes) {
      if (!kept(n)) {
        failed.push(n);
        continue;
      }
      flush();
      items.push(h("li", {}, label(n), n.children.length > 0 ? list(n.children) : null));
    }
    flush();
    return h("ul", {}, items);
  };
  fill(box, h("ul", { class: "parse-tree" }, h("li", {}, label(root), root.children.length > 0 ? list(root.children) : null)), more > 0 ? h("p", { class: "note" }, `… and ${more.toLocaleString("en")} more calls (a long input: step through them in the list).`) : null);
}

/** The tree's calls around the current step: the innermost call that holds it is marked. */
function markTree(box: HTMLElement, step: number): void {
  let best: HTMLElement | null = null;
  let bestStart = -1;
  for (const b of Array.from(box.querySelectorAll<HTMLElement>("button.tree-node"))) {
    b.removeAttribute("aria-current");
    const start = Number(b.dataset.step);
    const close = Number(b.dataset.close);
    if (start <= step && (close < 0 || step <= close) && start > bestStart) {
      best = b;
      bestStart = start;
    }
  }
  best?.setAttribute("aria-current", "step");
}

function isFailure(t: TraceResult, i: number): boolean {
  const k = t.steps.kind[i];
  return k === Step.FAIL || k === Step.ALT_FAIL || k === Step.NO_ALT || k === Step.LOOP_FAIL || k === Step.LOOK_FAIL || k === Step.END_FAIL || (k === Step.TERM_FAIL && (t.steps.arg[i] & FLAG_SILENT) === 0);
}

/** The data attributes the browser test reads, and the side's label. */
function describeSide(el: HTMLElement, side: Side): void {
  const a = side.answer!;
  el.dataset.spec = side.revision.id;
  el.dataset.startRule = a.startRule ?? "";
  el.dataset.parseOk = String(a.parse.ok);
  el.dataset.parseOffset = a.parse.offset === null ? "" : String(a.parse.offset);
  el.dataset.parseRule = a.parse.rule ?? "";
  if (a.trace) {
    el.dataset.outcome = a.trace.ok ? "valid" : "invalid";
    el.dataset.farthest = a.trace.ok ? "" : String(a.trace.farthest);
    el.dataset.steps = String(a.trace.count);
  } else el.dataset.outcome = a.tooLong ? "too-long" : "none";
}

function verdictLine(side: Side, go: (step: number) => void): HTMLElement {
  const a = side.answer!;
  const t = a.trace;
  const spec = side.revision.id;
  const start = a.startPeg ? h("a", { href: ruleHref(spec, a.startPeg, false), class: "mono" }, ruleLabel(side.revision, a.startPeg).name) : null;
  const how = a.production ? [" (the scheme selects the production ", h("code", {}, a.production), ", as parse() does)"] : [];
  const parseSays = a.parse.ok ? "valid" : a.parse.offset !== null ? `invalid at offset ${a.parse.offset}` : a.parse.message ?? "no verdict";
  if (a.problem) return h("div", { class: "verdict-line" }, h("p", { class: "verdict none" }, a.problem));
  if (!t) {
    return h("div", { class: "verdict-line" },
      h("p", { class: `verdict ${a.parse.ok ? "valid" : "invalid"}` }, `${a.parse.ok ? "✓" : "✗"} ${spec}: parse() says ${parseSays}`),
      h("p", { class: "note too-long" }, `No trace: the input is longer than ${TRACE_INPUT_LIMIT.toLocaleString("en")} characters. A trace records a dozen steps per character; trace a shorter piece (the part around the error, say).`));
  }
  const agree = t.ok === a.parse.ok;
  const lines: (HTMLElement | null)[] = [];
  if (t.ok) {
    lines.push(h("p", { class: "verdict valid" }, `✓ valid under ${spec}`));
    lines.push(h("p", {}, "Start rule ", start, ...how, `: it reads all ${t.input.length} characters in ${t.count.toLocaleString("en")} steps.`));
  } else {
    const target = errorStep(side.revision, side.grammar, t, a.parse.explainRule);
    const named = target !== null ? ruleLabel(side.revision, side.grammar.rules[t.steps.rule[target]]).name : null;
    const jump = h("button", { type: "button", class: "jump-error", onclick: () => go(target ?? t.deciding[0] ?? t.count - 1) }, named ? `Go to the rule that decided it: ${named}` : "Go to the step that decided it");
    const others = t.deciding.length > 1
      ? h("span", { class: "note deciding" }, ` ${t.deciding.length} attempts failed there: `,
        t.deciding.slice(0, 8).flatMap((d, k) => [k > 0 ? ", " : "", h("button", { type: "button", class: "link-button", onclick: () => go(d) }, `step ${d + 1}`)]), t.deciding.length > 8 ? " …" : ".")
      : null;
    lines.push(h("p", { class: "verdict invalid" }, `✗ invalid under ${spec}: the farthest failure is at offset ${t.farthest}`));
    lines.push(h("p", {}, "Start rule ", start, ...how, `: ${t.matchEnd >= 0 ? `it matches only offsets 0 to ${t.matchEnd}` : "it fails"}. `, jump, others));
    const same = a.parse.offset === t.farthest;
    lines.push(h("p", { class: "note parse-agrees" }, `parse() reports offset ${a.parse.offset ?? "?"}${a.parse.errorRule ? ` in ${a.parse.errorRule}` : ""}${same ? ", the same place." : `: later than the trace's ${t.farthest}. The library's scanner names the first character after which nothing can be accepted; peggy (and this trace) names the farthest place an attempt failed, and for a literal of several characters its first character.`}`));
  }
  if (!agree) lines.push(h("p", { class: "failure", role: "alert" }, `The trace and parse() disagree (trace ${t.ok ? "valid" : "invalid"}, parse() ${parseSays}): please report this input.`));
  if (t.cut) lines.push(h("p", { class: "note" }, `The trace reached ${TRACE_STEP_LIMIT.toLocaleString("en")} steps: the parse ran to its end (the verdict is exact) but later steps are not shown.`));
  return h("div", { class: "verdict-line" }, lines);
}

function stepSentence(side: Side, step: number): (HTMLElement | string)[] {
  const t = side.trace!;
  const k = t.steps.kind[step];
  const cls = isFailure(t, step) ? "fail" : k === Step.MATCH || k === Step.COMMIT || k === Step.TERM_OK || k === Step.ITER_OK || k === Step.LOOP_END || k === Step.LOOK_OK ? "ok" : "neutral";
  return [h("span", { class: `step-no ${cls}` }, `${step + 1}`), " ", describe(side.revision, side.grammar, t, step)];
}

/** The input around the step's offset: what it read in colour, a caret where it stands. */
function inputStrip(input: string, pos: number, end: number, kind: number): (HTMLElement | string)[] {
  const from = Math.max(0, pos - 40);
  const to = Math.min(input.length, Math.max(end, pos) + 40);
  const show = (s: string) => s.replace(/[\x00-\x1f\x7f]/g, "·");
  const read = kind === Step.MATCH || kind === Step.COMMIT || kind === Step.TERM_OK || kind === Step.ITER_OK || kind === Step.LOOP_END;
  return [
    h("span", { class: "strip-offset" }, `offset ${pos}${end > pos ? `–${end}` : ""}`),
    h("code", { class: "strip-text" },
      from > 0 ? "…" : "",
      h("span", { class: "strip-before" }, show(input.slice(from, pos))),
      h("span", { class: "strip-caret" }),
      h("span", { class: read ? "strip-read" : "strip-span" }, show(input.slice(pos, end))),
      h("span", { class: "strip-after" }, show(input.slice(Math.max(pos, end), to)) || (pos >= input.length ? "⟂ end" : "")),
      to < input.length ? "…" : ""),
  ];
}

function stackLinks(side: Side, step: number, show: (frame: number) => void): (HTMLElement | string)[] {
  const t = side.trace!;
  const frames = callStack(t, step);
  const shown = frames.length > 8 ? [frames[0], -1, ...frames.slice(-6)] : frames;
  return [h("span", { class: "note" }, "In: "), ...shown.flatMap((f, i) => {
    const sep = i > 0 ? " › " : "";
    if (f < 0) return [sep, "…"];
    const label = ruleLabel(side.revision, side.grammar.rules[t.steps.rule[f]]);
    return [sep, h("button", { type: "button", class: `link-button${label.helper ? " helper" : ""}`, title: `show ${label.name} at this step`, onclick: () => show(f) }, label.name)];
  })];
}

/** The rule a frame runs: as published, as PEG (the current piece marked), and its diagram with the path. */
function ruleCard(card: HTMLElement, side: Side, frame: number, step: number, caption: (() => Caption) | null = null): void {
  const t = side.trace!;
  const ruleIdx = t.steps.rule[frame];
  const pegName = side.grammar.rules[ruleIdx];
  if (pegName === undefined || !side.data.peg[pegName]) {
    // Never from a sound trace: a step naming no rule of the grammar (the browser test plants one).
    fill(card, h("p", { class: "failure" }, `This step names rule #${ruleIdx}, which ${side.revision.id}'s grammar does not have.`));
    return;
  }
  const info = ruleByPegName(side.revision, pegName);
  const label = ruleLabel(side.revision, pegName);
  const peg = side.data.peg[pegName];
  const state = diagramState(side.grammar, t, side.sizes, frame, step);
  const node = state.current >= 0 ? side.grammar.nodes[state.current] : null;
  const source = peg.source;
  const at = node ? [node.at[0] - peg.at[0], node.at[1] - peg.at[0]] : null;
  const diagram = side.diagram(ruleIdx);
  fill(card,
    h("h3", {}, h("a", { href: ruleHref(side.revision.id, pegName, false), class: "mono" }, label.name),
      info?.section ? h("a", { class: "section", href: sourceHref(side.revision.id, info.section, info.published) }, info.section) : null,
      label.helper ? h("span", { class: "badge" }, "helper, not in the document") : null,
      h("span", { class: "note" }, ` called at offset ${t.steps.pos[frame]}`)),
    info && info.kind !== "helper" ? h("pre", { class: "published-text", "aria-label": "the rule as published" }, info.text.join("\n")) : null,
    h("pre", { class: "peg-text", "aria-label": "the rule in PEG, the current piece marked" },
      at ? [source.slice(0, at[0]), h("mark", {}, source.slice(at[0], at[1])), source.slice(at[1])] : source),
    diagram,
    caption ? downloadButtons(diagram, `${side.revision.id}-${label.name}-trace`, `the diagram of ${label.name} with the path of the parse`, caption) : null);
  drawPath(diagram, side.grammar, state);
  card.dataset.rule = pegName;
}

/** Runs of this many failed attempts or more at one offset fold into one row (unless opened, or the current step is in one). */
const FOLD_MIN = 4;

/** A step of a failed attempt: inside one, or opening or closing one, or a character test that failed. */
function ofFailedAttempt(t: TraceResult, inside: Uint8Array, i: number): boolean {
  if (inside[i]) return true;
  const k = t.steps.kind[i];
  if (k === Step.TERM_FAIL || k === Step.ALT_FAIL || k === Step.NO_ALT || k === Step.FAIL || k === Step.LOOK_FAIL || k === Step.LOOP_FAIL) return true;
  const close = t.steps.pair[i];
  return (k === Step.TRY || k === Step.ENTER || k === Step.LOOK) && close > i && (t.steps.kind[close] === Step.ALT_FAIL || t.steps.kind[close] === Step.FAIL || t.steps.kind[close] === Step.LOOK_FAIL);
}

function drawTimeline(list: HTMLElement, side: Side, shown: Int32Array, k: number, go: (i: number) => void, opened: Set<number>, redraw: () => void): void {
  const t = side.trace!;
  const from = Math.max(0, k - ROWS_BEFORE);
  const to = Math.min(shown.length, k + ROWS_AFTER);
  const rows: HTMLElement[] = [];
  if (from > 0) rows.push(h("li", { class: "more", role: "presentation" }, `… ${from.toLocaleString("en")} steps before`));
  const minDepth = Math.min(...Array.from(shown.slice(from, to), (i) => t.steps.depth[i]));
  const folds = (i: number) => ofFailedAttempt(t, side.inside, i);
  for (let x = from; x < to; x++) {
    const i = shown[x];
    // A run of failed attempts at one offset (the character tests of a choice that found nothing):
    // one row that says what they were, opened on demand. The run is whole, even past the window.
    if (folds(i)) {
      let a = x;
      while (a > 0 && folds(shown[a - 1]) && t.steps.pos[shown[a - 1]] === t.steps.pos[i]) a--;
      let y = x;
      while (y + 1 < shown.length && folds(shown[y + 1]) && t.steps.pos[shown[y + 1]] === t.steps.pos[i]) y++;
      const first = shown[a];
      if (y - a + 1 >= FOLD_MIN && !opened.has(first) && !(k >= a && k <= y)) {
        const run = shown.slice(a, y + 1);
        const terms = Array.from(run).filter((j) => t.steps.kind[j] === Step.TERM_FAIL).length;
        const fold = h("li", { class: "step fold", role: "option", "aria-selected": "false", id: `fold-${first}`, title: "show these steps", "data-fold": `${first}-${shown[y]}` },
          h("span", { class: "step-no" }, "▸"), h("span", { class: "step-text" }, `${run.length} steps of failed attempts at offset ${t.steps.pos[first]} (${terms} character test${terms === 1 ? "" : "s"} that failed): show them`));
        fold.style.setProperty("--depth", String(Math.min(12, Math.max(0, t.steps.depth[first] - minDepth))));
        fold.addEventListener("click", () => {
          opened.add(first);
          redraw();
        });
        rows.push(fold);
        x = y;
        continue;
      }
    }
    const depth = Math.min(12, t.steps.depth[i] - minDepth);
    const fail = isFailure(t, i);
    const row = h("li", {
      id: `step-${i}`, role: "option", "aria-selected": x === k ? "true" : "false", class: `step k${t.steps.kind[i]}${fail ? " fail" : ""}${side.inside[i] ? " in-failure" : ""}`, "data-step": i,
      style: null,
    }, h("span", { class: "step-no" }, String(i + 1)), h("span", { class: "step-text" }, describe(side.revision, side.grammar, t, i)));
    row.style.setProperty("--depth", String(depth));
    row.addEventListener("click", () => go(i));
    rows.push(row);
  }
  if (to < shown.length) rows.push(h("li", { class: "more", role: "presentation" }, `… ${(shown.length - to).toLocaleString("en")} steps after`));
  fill(list, rows);
  list.setAttribute("aria-activedescendant", `step-${shown[k]}`);
}

/** The steps as data: what the page shows, for the tests and for anyone who wants the raw trace. */
function exportStepsData(side: Side): unknown {
  const t = side.trace!;
  const g = side.grammar;
  const names: Record<number, string> = { [Step.ENTER]: "enter", [Step.MATCH]: "match", [Step.FAIL]: "fail", [Step.TRY]: "try", [Step.COMMIT]: "commit", [Step.ALT_FAIL]: "alt-fail", [Step.NO_ALT]: "no-alt", [Step.ITER]: "iteration", [Step.ITER_OK]: "iteration-ok", [Step.ITER_FAIL]: "iteration-fail", [Step.LOOP_END]: "loop-end", [Step.LOOP_FAIL]: "loop-fail", [Step.OPT_SKIP]: "option-absent", [Step.LOOK]: "lookahead", [Step.LOOK_OK]: "lookahead-holds", [Step.LOOK_FAIL]: "lookahead-fails", [Step.TERM_OK]: "char-ok", [Step.TERM_FAIL]: "char-fail", [Step.END_FAIL]: "end-expected" };
  const steps = [];
  for (let i = 0; i < t.count; i++) {
    const node = t.steps.node[i];
    steps.push({ kind: names[t.steps.kind[i]], rule: g.rules[t.steps.rule[i]], at: node >= 0 ? g.nodes[node].at : null, in: node >= 0 ? g.rules[g.nodeRule[node]] : null, pos: t.steps.pos[i], end: t.steps.end[i], arg: t.steps.arg[i] });
  }
  return { spec: side.revision.id, startRule: t.startRule, input: t.input, ok: t.ok, farthest: t.farthest, deciding: t.deciding, steps };
}

// ---- Two revisions side by side ----

function renderCompare(out: HTMLElement, a: Side, b: Side, view: { setStep: (i: number) => void; step: number }, save: () => void, initial: number | null): void {
  const ta = a.trace;
  const tb = b.trace;
  // A side's "step that decided it": the aligned row of the last rule call at or before that step.
  let toStep = (_which: "a" | "b", _step: number) => {};
  const sides = h("div", { class: "compare-verdicts" },
    h("section", { class: "trace-side", id: "trace-a" }, verdictLine(a, (step) => toStep("a", step))),
    h("section", { class: "trace-side", id: "trace-b" }, verdictLine(b, (step) => toStep("b", step))));
  describeSide(sides.children[0] as HTMLElement, a);
  describeSide(sides.children[1] as HTMLElement, b);
  fill(out, sides);
  if (!ta || !tb) return;
  const stepsA = ruleSteps(ta);
  const stepsB = ruleSteps(tb);
  const rows = alignTraces(stepsA, stepsA.map((i) => alignKey(a.revision, a.grammar, ta, i, b.revision)), stepsB, stepsB.map((i) => alignKey(b.revision, b.grammar, tb, i, a.revision)));
  // Where they part: the first rule-level choice made differently inside the innermost call both
  // made (lib/trace-model.ts whereTheyPart); the rows holding each side's call are marked.
  const diverged = firstDivergence(rows);
  const parting = whereTheyPart(a.revision, a.grammar, ta, b.revision, b.grammar, tb, rows, diverged);
  const partRows = new Set<number>();
  if (parting) {
    if (parting.a >= 0) partRows.add(rows.findIndex((r) => r.a === parting.a));
    if (parting.b >= 0) partRows.add(rows.findIndex((r) => r.b === parting.b));
    partRows.delete(-1);
  }
  if (partRows.size === 0 && diverged >= 0) partRows.add(diverged);
  const parted = partRows.size > 0 ? Math.min(...partRows) : -1;
  const cards = h("div", { class: "side-by-side compare-cards" }, h("div", { class: "rule-card", "data-side": "a" }), h("div", { class: "rule-card", "data-side": "b" }));
  const list = h("div", { class: "aligned", role: "listbox", tabindex: "0", "aria-label": "rule calls of both revisions, aligned (arrow keys move)" });
  const slider = h("input", { type: "range", min: "0", max: String(Math.max(0, rows.length - 1)), value: "0", "aria-label": "aligned step" });
  const counter = h("span", { class: "counter" });
  let current = 0;
  const go = (r: number) => {
    current = Math.max(0, Math.min(rows.length - 1, r));
    view.step = current;
    slider.value = String(current);
    counter.textContent = `row ${current + 1} of ${rows.length}`;
    out.dataset.row = String(current);
    // Each side shows the rule of its step on this row, or of its last step before it.
    const stepOf = (which: "a" | "b") => {
      for (let r2 = current; r2 >= 0; r2--) if (rows[r2][which] >= 0) return rows[r2][which];
      return 0;
    };
    for (const [which, side] of [["a", a], ["b", b]] as const) {
      const step = stepOf(which);
      const card = cards.querySelector(`[data-side="${which}"]`) as HTMLElement;
      const t = side.trace!;
      ruleCard(card, side, t.steps.kind[step] === Step.END_FAIL ? t.steps.frame[Math.max(0, step - 1)] : t.steps.frame[step], step);
      card.prepend(h("p", { class: "compare-side-name" }, h("strong", {}, side.revision.id), ": ", describe(side.revision, side.grammar, t, step)));
    }
    drawAligned(list, a, b, rows, current, partRows, go);
    save();
  };
  toStep = (which, step) => {
    let best = 0;
    rows.forEach((r, i) => {
      if (r[which] >= 0 && r[which] <= step) best = i;
    });
    go(best);
  };
  const divergence = parted < 0
    ? h("p", { class: "divergence none" }, `${a.revision.id} and ${b.revision.id} take the same rule calls on this input, at the same offsets.`)
    : divergenceCard(a, b, parting, () => go(parted));
  fill(out,
    sides,
    divergence,
    h("div", { class: "stepper" },
      h("button", { type: "button", "aria-label": "first row", onclick: () => go(0) }, "|◀"),
      h("button", { type: "button", "aria-label": "previous row", onclick: () => go(current - 1) }, "◀"),
      slider,
      h("button", { type: "button", "aria-label": "next row", onclick: () => go(current + 1) }, "▶"),
      h("button", { type: "button", "aria-label": "last row", onclick: () => go(rows.length - 1) }, "▶|"),
      // Each side's call where they part (their rows may lie far apart: one side's failed attempt comes first).
      [...partRows].sort((x, y) => x - y).map((r) => h("button", { type: "button", class: "go-parted", "data-row": r, onclick: () => go(r) }, partRows.size > 1 ? `where they part: ${rows[r]!.a >= 0 ? a.revision.id : b.revision.id}` : "where they part")),
      counter),
    h("p", { class: "note" }, "Rule calls of both revisions, aligned: a row holds the same call (the same rule, by its published name, at the same offsets) on both sides, or a call only one side makes. Calls of a rule only one grammar has are shown in grey; they are not where the revisions part."),
    list,
    cards);
  slider.addEventListener("input", () => go(Number(slider.value)));
  list.addEventListener("keydown", (ev) => {
    const to: Record<string, number> = { ArrowDown: current + 1, ArrowRight: current + 1, ArrowUp: current - 1, ArrowLeft: current - 1, PageDown: current + 20, PageUp: current - 20, Home: 0, End: rows.length - 1 };
    if (!(ev.key in to)) return;
    ev.preventDefault();
    go(to[ev.key]);
  });
  out.dataset.parted = String(parted);
  out.dataset.partedRows = [...partRows].sort((x, y) => x - y).join(" ");
  go(initial ?? (parted >= 0 ? parted : 0));
}

function drawAligned(list: HTMLElement, a: Side, b: Side, rows: AlignedRow[], k: number, parted: ReadonlySet<number>, go: (r: number) => void): void {
  const from = Math.max(0, k - ROWS_BEFORE);
  const to = Math.min(rows.length, k + ROWS_AFTER);
  const cell = (side: Side, i: number) => (i < 0 ? h("div", { class: "cell empty" }, "—") : h("div", { class: `cell${isFailure(side.trace!, i) ? " fail" : ""}` }, h("span", { class: "step-no" }, String(i + 1)), " ", describe(side.revision, side.grammar, side.trace!, i)));
  const out: HTMLElement[] = [h("div", { class: "aligned-head", role: "presentation" }, h("div", {}, a.revision.id), h("div", {}, b.revision.id))];
  if (from > 0) out.push(h("div", { class: "more", role: "presentation" }, `… ${from} rows before`));
  for (let r = from; r < to; r++) {
    const row = rows[r];
    const el = h("div", { id: `row-${r}`, role: "option", "aria-selected": r === k ? "true" : "false", class: `aligned-row${row.own ? " own" : row.a < 0 || row.b < 0 ? " unpaired" : ""}${parted.has(r) ? " parted" : ""}`, "data-row": r },
      cell(a, row.a), cell(b, row.b));
    if (parted.has(r)) el.prepend(h("div", { class: "parted-label" }, "they part here"));
    el.addEventListener("click", () => go(r));
    out.push(el);
  }
  if (to < rows.length) out.push(h("div", { class: "more", role: "presentation" }, `… ${rows.length - to} rows after`));
  fill(list, out);
  list.setAttribute("aria-activedescendant", `row-${k}`);
}

/**
 * Where the two traces part: the innermost rule both were in, at the same offset, and the first
 * call each makes differently inside it (the first rule-level choice they make differently), with
 * the texts of both rules in both revisions. The box and the card name the same rules.
 */
function divergenceCard(a: Side, b: Side, parting: Parting | null, go: () => void): HTMLElement {
  const ta = a.trace!;
  const tb = b.trace!;
  const nameOf = (side: Side, t: TraceResult, step: number) => (step >= 0 ? ruleLabel(side.revision, side.grammar.rules[t.steps.rule[step]]).name : null);
  const pegOf = (side: Side, t: TraceResult, step: number) => (step >= 0 ? side.grammar.rules[t.steps.rule[step]] : null);
  const common = parting && parting.commonA >= 0 ? nameOf(a, ta, parting.commonA) : null;
  const chosenA = parting ? nameOf(a, ta, parting.a) : null;
  const chosenB = parting ? nameOf(b, tb, parting.b) : null;
  const offset = parting && parting.commonA >= 0 ? ta.steps.pos[parting.commonA] : 0;
  const what = (side: Side, t: TraceResult, step: number, name: string | null) => {
    if (step < 0 || !name) return `calls no other rule in ${common ?? "it"} there`;
    const close = t.steps.pair[step];
    const ended = close < 0 ? "" : t.steps.kind[close] === Step.MATCH ? `, which matches ${quote(t.input, t.steps.pos[step], t.steps.end[close])}` : ", which fails";
    return `tries ${name} at offset ${t.steps.pos[step]}${ended}`;
  };
  const ruleText = (side: Side, pegName: string | null, role: string) => {
    if (!pegName) return null;
    const info = ruleByPegName(side.revision, pegName);
    const label = ruleLabel(side.revision, pegName);
    return h("div", { class: "diff-side", "data-role": role },
      h("h4", {}, h("a", { href: ruleHref(side.revision.id, pegName, false), class: "mono" }, label.name), " in ", side.revision.id, info?.section ? [" ", h("a", { href: sourceHref(side.revision.id, info.section, info.published) }, info.section)] : null),
      info && info.kind !== "helper" ? h("pre", { class: "published-text" }, info.text.join("\n")) : null,
      h("pre", { class: "peg-text" }, side.data.peg[pegName].source));
  };
  const sideColumn = (side: Side, t: TraceResult, frame: number, step: number) =>
    h("div", { class: "diff-column" }, h("h3", {}, side.revision.id), ruleText(side, pegOf(side, t, frame), "common"), ruleText(side, pegOf(side, t, step), "chosen"));
  return h("section", { class: "divergence", "data-common": common ?? "", "data-rule-a": chosenA ?? "", "data-rule-b": chosenB ?? "" },
    h("h2", {}, "Where they part"),
    h("p", {}, common
      ? ["Both revisions are in ", h("strong", {}, common), ` at offset ${offset}. There `, h("strong", {}, a.revision.id), " ", ...(chosenA ? ["first tries ", h("strong", { class: "mono" }, chosenA)] : ["calls nothing more"]), "; ", h("strong", {}, b.revision.id), " ", ...(chosenB ? ["first tries ", h("strong", { class: "mono" }, chosenB)] : ["calls nothing more"]), ". "]
      : "They part from the first call: their start rules differ. ",
      h("button", { type: "button", onclick: go }, "Show that row")),
    parting ? h("ul", {}, h("li", {}, h("strong", {}, a.revision.id), ": ", what(a, ta, parting.a, chosenA)), h("li", {}, h("strong", {}, b.revision.id), ": ", what(b, tb, parting.b, chosenB))) : null,
    parting ? h("div", { class: "side-by-side" }, sideColumn(a, ta, parting.commonA, parting.a), sideColumn(b, tb, parting.commonB, parting.b)) : null,
    h("p", { class: "note" }, `The rule both are in, as each revision writes it, and the rule each tries first there: an ordered choice tries its alternatives in the order written, so the first alternative is where the two grammars' readings of the input part.`));
}

// ---- The key ----

function traceKey(): HTMLElement {
  const item = (cls: string, text: string) => h("li", {}, h("span", { class: `key-swatch ${cls}`, "aria-hidden": "true" }), text);
  return h("details", { class: "trace-key", id: "trace-key" },
    h("summary", {}, "Key: the steps and the path on the diagram"),
    h("ul", {},
      item("tp-ok", "green track: what matched so far in this call of the rule"),
      item("tp-fail", "red dashed, ✗: what failed (the last failure carries the ✗)"),
      item("tp-try", "orange: being tried now (a rule called, an alternative, a loop's iteration)"),
      item("tp-current", "outlined: the piece of the rule the current step is about (also marked in the PEG text)"),
      h("li", {}, "①②③: the order in which an ordered choice tries its alternatives: the first that matches wins, the rest are never tried."),
      h("li", {}, "×3: the iterations a repetition has taken. A repetition is greedy: it stops where its body fails and never gives an iteration back."),
      h("li", {}, "Failed attempts: steps inside an alternative, an iteration or a rule call that failed; hiding them leaves the path that succeeded."),
      h("li", {}, "The farthest failure: where peggy reports the error, the farthest offset at which a character test failed outside a lookahead.")),
    h("p", {}, "See also ", h("a", { href: "notation.html#peg" }, "PEG's notation"), " and the ", h("a", { href: "notation.html#glossary" }, "glossary"), "."));
}

