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

/**
 * Assigns each module to the first stage whose static imports reach it (the stage's file name,
 * `App` for src/app/App.tsx). What the page's own script (boot.ts, `entry`) imports stays with it:
 * in a stage's chunk it would make the page load that stage before it has painted.
 */
export function stageAssignment(entry: string, stageFiles: readonly string[], graph: ModuleGraph): Map<string, string> {
  const chunkOf = new Map<string, string | null>();
  for (const [file, name] of [[entry, null], ...stageFiles.map((f) => [f, stageName(f)] as const)] as const) {
    const stack = [file];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (chunkOf.has(id)) continue;
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      chunkOf.set(id, name);
      stack.push(...info.importedIds);
    }
  }
  return new Map([...chunkOf].filter((e): e is [string, string] => e[1] !== null));
}

/**
 * Rolldown's groups, one per stage. A group takes no imports along by itself
 * (includeDependenciesRecursively: false): main.tsx would otherwise take boot.ts's own imports into
 * its chunk, and with it the page's script would import main's chunk before the page has painted.
 * The assignment already closes each stage over its imports (an import lies in the same stage, an
 * earlier one or boot.ts), so no chunk imports a later one.
 */
export function startupChunkGroups() {
  const entry = path.join(SRC, 'boot.ts');
  const files = startupStages(fs.readFileSync(entry, 'utf8')).map(stageFile);
  let assignment: Map<string, string> | undefined;
  return files.map((file) => {
    const name = stageName(file);
    return {
      name: (id: string, ctx: ModuleGraph) => ((assignment ??= stageAssignment(entry, files, ctx)).get(id) === name ? name : null),
      debugName: name,
      includeDependenciesRecursively: false,
    };
  });
}
