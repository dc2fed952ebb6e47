// A revision's tables (its scanner and AST modules) are loaded when a page first needs them. The site
// build (scripts/build-site.mjs with scripts/site/revision-chunks.mjs) puts each revision's tables in
// a chunk of its own and replaces this module's source by a loader of those chunks; the source here
// is what any other bundle gets, where every revision is built in and nothing needs loading. A page
// (or the worker) awaits loadRevisions() of the revisions it shows before it parses with them.

/** Whether a revision's tables are in place. */
export function tablesLoaded(spec: string): boolean {
  void spec;
  return true;
}

/** Loads each revision's tables, once; resolves when all are in place. */
export function loadRevisions(specs: readonly string[]): Promise<void> {
  void specs;
  return Promise.resolve();
}
