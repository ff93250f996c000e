/**
 * The client build's chunks for start-up (vite.config.ts, Rolldown `codeSplitting.groups`): one chunk
 * per stage of src/boot.ts, holding the modules that stage evaluates and no earlier one did.
 *
 * Left to itself the bundler splits the start-up code by which lazy routes share each module: a page
 * asked for ~70 scripts, most under 2 KB, each paying ~400 bytes of response headers and compressing
 * on its own (Lighthouse total bytes of `/` 404 KiB, 263 KiB of them scripts). Every page evaluates
 * all the stages, so putting a stage's modules in one chunk makes no page load code it did not load
 * before, and a stage evaluates exactly what it did before (each in a task of its own; boot.ts).
 * Modules only lazy routes and lazy parts use are left to the bundler's own splitting.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '..', 'src');

/** A module's static imports, as the bundler reports them (the part of Rolldown's ModuleInfo read here). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The start-up stages' modules in boot.ts's order (its STAGES list; the CSS stage has no chunk of its own to merge). */
export function startupStages(bootSource: string): string[] {
  const list = /const STAGES\b[^\n]* = \[\n([\s\S]*?)\n\];/.exec(bootSource);
  if (!list) throw new Error('src/boot.ts: no STAGES list found');
  const stages = [...list[1].matchAll(/import\('\.\/([^']+)'\)/g)].map((m) => m[1]).filter((spec) => !spec.endsWith('.css'));
  if (stages.length === 0) throw new Error('src/boot.ts: STAGES names no module');
  return stages;
}

/** The file a stage's specifier names (`app/App` → src/app/App.tsx). */
function stageFile(spec: string): string {
  for (const ext of ['.ts', '.tsx']) {
    const file = path.join(SRC, `${spec}${ext}`);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`src/boot.ts: stage ${spec} names no file under src/`);
}

/** A stage's chunk is named after its file, as it was before the stages had chunks of their own (tests hold chunks back by name). */
const stageName = (file: string) => path.basename(file).replace(/\.[^.]+$/, '');

/** The modules `from` reaches with static imports (itself included), not going through those in `taken`. */
function reach(from: string, graph: ModuleGraph, taken: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || taken.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

/**
 * Assigns each module to the first stage whose static imports reach it (the stage's file name,
 * `App` for src/app/App.tsx). What the page's own script (boot.ts, `entry`) imports stays with it:
 * in a stage's chunk it would make the page load that stage before it has painted.
 */
export function stageAssignment(entry: string, stageFiles: readonly string[], graph: ModuleGraph): Map<string, string> {
  const taken = reach(entry, graph);
  const chunkOf = new Map<string, string>();
  for (const file of stageFiles) {
    for (const id of reach(file, graph, taken)) {
      taken.add(id);
      chunkOf.set(id, stageName(file));
    }
  }
  return chunkOf;
}

/**
 * The pages shoppers land on (home, the store, a product, a bundle: the pages the Lighthouse bench
 * measures). What two or more of them import beyond the start-up (MUI's chips, dialogs,
 * pagination, the product card…) goes in one chunk: left to the bundler, a product page asked for
 * ~20 such scripts of 0.5–6 KB each, split by which other routes share them.
 */
const LANDING_PAGES = ['app/pages/Home', 'app/pages/Store', 'app/pages/Product', 'app/pages/Bundle'];

/** The modules two or more of `pages` reach with static imports, outside `taken`. */
export function sharedByPages(pages: readonly string[], taken: ReadonlySet<string>, graph: ModuleGraph): Set<string> {
  const reachedBy = new Map<string, number>();
  for (const page of pages) for (const id of reach(page, graph, taken)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
  return new Set([...reachedBy].filter(([, n]) => n >= 2).map(([id]) => id));
}

/**
 * Rolldown's groups: one per stage, and `landing`. A group takes no imports along by itself
 * (includeDependenciesRecursively: false): main.tsx would otherwise take boot.ts's own imports into
 * its chunk, and with it the page's script would import main's chunk before the page has painted.
 * The assignment already closes each group over its imports (an import lies in the same stage, an
 * earlier one or boot.ts; a module two landing pages share imports only such modules), so no chunk
 * imports a later one.
 */
export function startupChunkGroups() {
  const entry = path.join(SRC, 'boot.ts');
  const files = startupStages(fs.readFileSync(entry, 'utf8')).map(stageFile);
  let assignment: Map<string, string> | undefined;
  const assign = (graph: ModuleGraph) => {
    const chunkOf = stageAssignment(entry, files, graph);
    const taken = new Set([...chunkOf.keys(), ...reach(entry, graph)]);
    for (const id of sharedByPages(LANDING_PAGES.map(stageFile), taken, graph)) chunkOf.set(id, 'landing');
    return chunkOf;
  };
  return [...files.map(stageName), 'landing'].map((name) => ({
    name: (id: string, ctx: ModuleGraph) => ((assignment ??= assign(ctx)).get(id) === name ? name : null),
    debugName: name,
    includeDependenciesRecursively: false,
  }));
}
