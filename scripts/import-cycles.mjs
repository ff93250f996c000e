// Finds import circles among the app's source files (`node scripts/import-cycles.mjs [dir]`, default
// src): prints each strongly connected group of files and exits with 1 when there is one.
//
// Counted as an edge: every static import and re-export, `import type` included (a type-only circle
// still ties the files' meanings together), `declare module '…'` augmentations and `import('…')`
// types. Not counted: dynamic `import()` expressions, which are how lazy routes and start-up stages
// load on purpose. Written with the TypeScript compiler API, not madge, since madge's TypeScript
// support conflicts with the TypeScript this repository uses.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** Every .ts/.tsx file under `dir`, absolute. */
function listSources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The module specifiers a file depends on statically (see the header for what counts). */
export function staticSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      found.push(node.name.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tarjan's strongly connected components of size > 1 (or a file importing itself). */
function circles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  const strongConnect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indices.get(w)));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) strongConnect(v);
  return groups;
}

/** The import graph of `dir` (file → files it imports, inside `dir`) and its circles, paths relative to `root`. */
export function findImportCycles(dir = 'src', root = process.cwd()) {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  const options = configPath
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, path.dirname(configPath)).options
    : { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
  const files = listSources(path.resolve(root, dir));
  const inside = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of staticSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && inside.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    graph.set(file, targets);
  }
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  return { files: files.length, cycles: circles(graph).map((group) => group.map(rel)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, cycles } = findImportCycles(process.argv[2] ?? 'src');
  if (cycles.length === 0) {
    console.log(`No import circle among ${files} files.`);
  } else {
    for (const group of cycles) console.log(`Import circle of ${group.length} files:\n  ${group.join('\n  ')}`);
    process.exitCode = 1;
  }
}
