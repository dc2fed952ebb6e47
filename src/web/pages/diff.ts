// @page 50 diff.html "Diff" what changed between two revisions
// Diff: two revisions (?a=&b=). The rules added, removed and changed (each with both texts and
// both diagrams), and the character-class matrix of the two, with its changes marked. Rules are
// compared by src/ops/diff.ts and the matrix is computed by src/ops/characters.ts, in the page.
import { characterTableOf, type CharacterRow } from "../../ops/characters";
import { diffRules } from "../../ops/diff";
import { availableSpecIds, findRule, getRevision, type Revision } from "../../revisions";
import { loadRevisionData, type RevisionData } from "../lib/data";
import { h, mainElement, scrollBox, showChar, startPage } from "../lib/dom";
import { diagramElement, publishedItem } from "../lib/railroad";
import { publishedRule, ruleHref, ruleLinks } from "../lib/rules";
import { pageLink, readParam } from "../lib/url-state";
import { annotateWitnesses } from "../lib/languages";
import { loadRevisions } from "../lib/revision-tables";

startPage(async () => {
  const main = mainElement();
  const ids = availableSpecIds();
  const a = getRevision(readParam("a") ?? "draft-1997") ?? getRevision(ids[ids.length - 3])!;
  const b = getRevision(readParam("b") ?? "draft-2003") ?? getRevision(ids[ids.length - 2])!;
  const picker = (name: string, selected: string) =>
    h("select", { id: `spec-${name}`, name }, ids.map((id) => h("option", { value: id, selected: id === selected }, `${id} (${getRevision(id)!.date})`)));
  const pa = picker("a", a.id);
  const pb = picker("b", b.id);
  const go = () => {
    location.href = pageLink("diff.html", { a: pa.value, b: pb.value });
  };
  pa.addEventListener("change", go);
  pb.addEventListener("change", go);
  main.querySelector("h1")!.textContent = `Diff: ${a.id} → ${b.id}`;
  main.append(
    h("p", { class: "intro" }, "Pick two revisions. Rules are matched by their published name and compared past notation (| and / are the same alternation; ABNF rules that read as the same expression are the same). The character matrix is computed by running each revision's own rules on every printable character."),
    h("div", { class: "toolbar" }, h("label", {}, "From", pa), h("label", {}, "To", pb), h("button", { type: "button", onclick: () => { const x = pa.value; pa.value = pb.value; pb.value = x; go(); } }, "swap")),
  );
  if (a.id === b.id) {
    main.append(h("p", { class: "note" }, "Both sides are the same revision: pick another one to see what changed."));
  }
  // The character matrix and the language verdicts run the two revisions' scanners: their tables only.
  const [da, db] = await Promise.all([loadRevisionData(a.id), loadRevisionData(b.id), loadRevisions([a.id, b.id])]);
  const rules = diffRules(a, b);
  main.append(
    h("p", { class: "summary-counts" },
      h("a", { href: "#changed" }, `${rules.changed.length} changed`),
      h("a", { href: "#added" }, `${rules.added.length} added in ${b.id}`),
      h("a", { href: "#removed" }, `${rules.removed.length} removed from ${a.id}`),
      h("span", {}, `${rules.unchanged.length} the same`),
      h("a", { href: "#characters" }, "character matrix")),
  );
  main.append(h("h2", { id: "changed" }, `Changed rules (${rules.changed.length})`));
  if (rules.changed.length === 0) main.append(h("p", { class: "note" }, "None."));
  for (const c of rules.changed) main.append(change(c.name, [sideOf(a, da, c.name), sideOf(b, db, c.name)]));
  main.append(h("h2", { id: "added" }, `Added in ${b.id} (${rules.added.length})`));
  if (rules.added.length === 0) main.append(h("p", { class: "note" }, "None."));
  for (const c of rules.added) main.append(change(c.name, [sideOf(b, db, c.name)]));
  main.append(h("h2", { id: "removed" }, `Removed from ${a.id} (${rules.removed.length})`));
  if (rules.removed.length === 0) main.append(h("p", { class: "note" }, "None."));
  for (const c of rules.removed) main.append(change(c.name, [sideOf(a, da, c.name)]));
  if (rules.unchanged.length > 0) main.append(h("p", { class: "note" }, `The same in both: ${rules.unchanged.join(", ")}.`));
  main.append(h("h2", { id: "characters" }, "Character classes and where each character may appear unescaped"));
  main.append(characterMatrix(a, b));
  annotateWitnesses(main, a, b);
});

interface Side {
  revision: Revision;
  element: HTMLElement;
}

function sideOf(revision: Revision, data: RevisionData, name: string): Side {
  const rule = findRule(revision, name) ?? revision.rules.find((r) => r.published?.toLowerCase() === name.toLowerCase());
  const element = h("div", { class: "diff-side" }, h("h4", {}, revision.id, rule?.section ? ` ${rule.section}` : ""));
  if (!rule) return { revision, element };
  element.append(h("pre", {}, rule.text.join("\n")));
  const pub = publishedRule(data, rule);
  if (pub) element.append(diagramElement(publishedItem(pub.expr, ruleLinks(revision, false)), `railroad diagram of ${name} in ${revision.id}`, "published"));
  element.append(h("p", { class: "links" }, h("a", { href: ruleHref(revision.id, rule.pegName) }, `${name} in the ${revision.id} grammar`)));
  return { revision, element };
}

function change(name: string, sides: Side[]): HTMLElement {
  return h("section", { class: "change", "data-rule": name }, h("h3", {}, name), h("div", { class: sides.length === 2 ? "side-by-side" : "" }, sides.map((s) => s.element)));
}

function classCell(row: CharacterRow | undefined, changed: boolean): HTMLElement {
  const classes = row?.classes ?? [];
  return h("td", { class: `mono${changed ? " changed" : ""}` }, classes.length > 0 ? classes.join(", ") : "—");
}

function characterMatrix(a: Revision, b: Revision): HTMLElement {
  const ta = characterTableOf(a);
  const tb = characterTableOf(b);
  if (!ta || !tb) return h("p", { class: "note" }, `${!ta ? a.id : b.id} has no component map, so no character matrix.`);
  const keys = ta.components.filter((c) => tb.components.some((d) => d.key === c.key));
  const rowsB = new Map(tb.rows.map((r) => [r.char, r]));
  let changes = 0;
  const body = ta.rows.map((ra) => {
    const rb = rowsB.get(ra.char);
    const classChanged = ra.classes.join(" ").toLowerCase() !== (rb?.classes ?? []).join(" ").toLowerCase();
    const cells = keys.map((k) => {
      const x = ra.allowed[k.key] === true;
      const y = rb?.allowed[k.key] === true;
      const differs = x !== y;
      return h("td", { class: `${differs ? "changed" : "same"} ${y ? "yes" : "no"}`, title: `${k.name} in ${a.id}: ${x ? "yes" : "no"}; in ${b.id}: ${y ? "yes" : "no"}` }, differs ? `${x ? "yes" : "no"} → ${y ? "yes" : "no"}` : x ? "yes" : "no");
    });
    const rowChanged = classChanged || cells.some((c) => c.classList.contains("changed"));
    if (rowChanged) changes++;
    return h("tr", { class: rowChanged ? "changed" : "", "data-char": ra.char }, h("th", { class: "mono", scope: "row" }, showChar(ra.char)), classCell(ra, classChanged), classCell(rb, classChanged), cells);
  });
  const head = h("tr", {}, h("th", {}, "char"), h("th", {}, `class in ${a.id}`), h("th", {}, `class in ${b.id}`), keys.map((k) => {
    const nb = tb.components.find((d) => d.key === k.key)!.name;
    return h("th", {}, k.name === nb ? k.name : `${k.name} / ${nb}`);
  }));
  const onlyChanged = h("input", { type: "checkbox", id: "only-changed" });
  const table = h("table", { class: "matrix" }, h("thead", {}, head), h("tbody", {}, body));
  onlyChanged.addEventListener("change", () => {
    for (const tr of Array.from(table.tBodies[0].rows)) tr.hidden = onlyChanged.checked && !tr.classList.contains("changed");
  });
  return h("div", {},
    h("p", {}, `${changes} of ${ta.rows.length} characters change class or where they may appear unescaped (marked ≠, shaded). `, h("label", {}, onlyChanged, " show only those")),
    scrollBox("character matrix", table),
  );
}
