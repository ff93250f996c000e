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

/** The start-up stages' modules in boot.ts's order (its STAGES list; a stylesheet stage has no chunk of its own to merge). */
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

/** MUI's class-name modules (`buttonClasses.mjs`…): a component's CSS class names, no component. */
const isClassNames = (id: string) => /Classes\.m?js$/.test(id);
/** A folder's index (`@mui/material/InputBase/index.mjs`): re-exports only. */
const isFolderIndex = (id: string) => /[\\/]index\.m?js$/.test(id);

/**
 * What a module's static imports bring in. A class-name module that imports another folder's index
 * uses that folder's class names only (MUI's `filledInputClasses` reads `inputBaseClasses` through
 * `InputBase/index`): it brings the class-name modules the index re-exports, not the component.
 * Followed as they are, these imports put InputBase and TextareaAutosize (17 KB) in the theme
 * stage, where every page loaded them (the theme reaches every component's class names), though only
 * pages with a text field run them.
 */
function importsOf(id: string, graph: ModuleGraph): readonly string[] {
  const imported = graph.getModuleInfo(id)?.importedIds ?? [];
  if (!isClassNames(id)) return imported;
  return imported.flatMap((next) => (isFolderIndex(next) ? (graph.getModuleInfo(next)?.importedIds ?? []).filter(isClassNames) : [next]));
}

/** The modules `from` reaches with static imports (itself included; see importsOf), not going through those in `taken`. */
function reach(from: string, graph: ModuleGraph, taken: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || taken.has(id)) continue;
    if (!graph.getModuleInfo(id)) continue;
    seen.add(id);
    stack.push(...importsOf(id, graph));
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
 * pagination, the product card…) goes in shared chunks: left to the bundler, a product page asked for
 * ~20 such scripts of 0.5–6 KB each, split by which other routes share them. `landing` holds what the
 * home page uses too (the first page here: the only landing chunk it loads); the rest is one chunk
 * per set of pages sharing it, `landing-Product-Store` and so on (the store's and product page's text
 * fields and selects: the home page loaded 8 KB of them, compressed, and the bundle page 8 KB, that
 * they never ran).
 */
const LANDING_PAGES = ['app/pages/Home', 'app/pages/Store', 'app/pages/Product', 'app/pages/Bundle'];

/** The modules two or more of `pages` reach with static imports, outside `taken`. */
export function sharedByPages(pages: readonly string[], taken: ReadonlySet<string>, graph: ModuleGraph): Set<string> {
  const reachedBy = new Map<string, number>();
  for (const page of pages) for (const id of reach(page, graph, taken)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
  return new Set([...reachedBy].filter(([, n]) => n >= 2).map(([id]) => id));
}

/** `landing-<page>-<page>…`: the chunk of what exactly these pages (file names, sorted) share. */
const landingChunkName = (pages: readonly string[]) => ['landing', ...pages.map(stageName).sort()].join('-');

/** The chunk names landingAssignment can give `pages` (every set of two or more pages but the first). */
export function landingChunkNames(pages: readonly string[]): string[] {
  const rest = pages.slice(1);
  const sets = rest.reduce<string[][]>((acc, page) => [...acc, ...acc.map((set) => [...set, page])], [[]]);
  return ['landing', ...sets.filter((set) => set.length >= 2).map(landingChunkName)];
}

/** The landing pages' shared modules by chunk: `landing` what the first page (home) reaches, the rest by the set of pages reaching it. */
export function landingAssignment(pages: readonly string[], taken: ReadonlySet<string>, graph: ModuleGraph): Map<string, string> {
  const reached = pages.map((page) => reach(page, graph, taken));
  return new Map(
    [...sharedByPages(pages, taken, graph)].map((id) => [id, reached[0]!.has(id) ? 'landing' : landingChunkName(pages.filter((_, i) => reached[i]!.has(id)))]),
  );
}

/**
 * What main.tsx loads once the page is the app's, on every page: the saved state read back
 * (store/persistence, with redux-persist) and other tabs' changes (store/crossTab). One chunk,
 * `persistence`: the bundler made four scripts of 1–2.3 KB of them.
 */
const AFTER_HYDRATION = ['store/persistence', 'store/crossTab'];

/**
 * Rolldown's groups: one per stage, `persistence` and the landing pages' (landingChunkNames). A group
 * takes no imports along by itself (includeDependenciesRecursively: false): main.tsx would otherwise take boot.ts's own imports into
 * its chunk, and with it the page's script would import main's chunk before the page has painted.
 * The assignment already closes each group over its imports (an import lies in the same stage, an
 * earlier one or boot.ts; a module two landing pages share imports only modules the same pages, or
 * more, share), so no chunk imports a later one, and no two landing chunks import each other.
 */
export function startupChunkGroups() {
  const entry = path.join(SRC, 'boot.ts');
  const files = startupStages(fs.readFileSync(entry, 'utf8')).map(stageFile);
  let assignment: Map<string, string> | undefined;
  const assign = (graph: ModuleGraph) => {
    const chunkOf = stageAssignment(entry, files, graph);
    const taken = new Set([...chunkOf.keys(), ...reach(entry, graph)]);
    for (const id of AFTER_HYDRATION.flatMap((spec) => [...reach(stageFile(spec), graph, taken)])) chunkOf.set(id, 'persistence');
    for (const id of chunkOf.keys()) taken.add(id);
    for (const [id, name] of landingAssignment(LANDING_PAGES.map(stageFile), taken, graph)) chunkOf.set(id, name);
    return chunkOf;
  };
  return [...files.map(stageName), 'persistence', ...landingChunkNames(LANDING_PAGES)].map((name) => ({
    name: (id: string, ctx: ModuleGraph) => ((assignment ??= assign(ctx)).get(id) === name ? name : null),
    debugName: name,
    includeDependenciesRecursively: false,
  }));
}
