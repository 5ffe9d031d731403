/**
 * Fails when the runtime imports of the server, the packages or the web client form a cycle.
 *
 * A module in a cycle may run before the modules it imports have been evaluated: a value it reads
 * at load time is then undefined, or throws in its temporal dead zone, depending on which file was
 * imported first. Only imports evaluated at load time count: `import type`, `export type … from` and
 * `import { type A, type B }` (all specifiers types) are erased, and `import()` loads lazily, once
 * every module has been evaluated.
 *
 * Specifiers resolved: relative paths to .ts/.tsx files, and the workspaces by name through the
 * "exports" of their package.json. Anything else (node:, npm packages) cannot close a cycle here.
 *
 * Usage: node scripts/check-cycles.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folders whose .ts/.tsx files are checked, from the repository's root. */
export const SOURCE_ROOTS = ['apps/server/src', 'packages/shared/src', 'packages/engines/src', 'apps/web/src'];

/** The module specifiers of `text` that are evaluated when the module loads. */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      // `import 'x'` runs x; `import type …` and `import { type A }` alone are erased.
      if (clause && (clause.isTypeOnly || (!clause.name && onlyTypes(clause.namedBindings)))) continue;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || (statement.exportClause && ts.isNamedExports(statement.exportClause) && statement.exportClause.elements.every((e) => e.isTypeOnly))) {
        continue;
      }
    } else continue;
    if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers;
}

/** True when the bindings are named ones, at least one, all marked `type`. */
function onlyTypes(bindings: ts.NamedImportBindings | undefined): boolean {
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** Workspace name → its "exports" map, with targets as absolute paths. */
export type Workspaces = Map<string, Record<string, string>>;

export function loadWorkspaces(base = root): Workspaces {
  const workspaces: Workspaces = new Map();
  for (const group of ['packages', 'apps']) {
    const dir = path.join(base, group);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const manifest = path.join(dir, name, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; exports?: Record<string, string> | string };
      if (!pkg.name || !pkg.exports) continue;
      const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : pkg.exports;
      workspaces.set(pkg.name, Object.fromEntries(Object.entries(exports).map(([key, target]) => [key, path.join(dir, name, target)])));
    }
  }
  return workspaces;
}

/** The file a specifier names, or null when it is not one of ours (node:, npm packages). */
export function resolveSpecifier(from: string, specifier: string, workspaces: Workspaces): string | null {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(from), specifier);
    return /\.tsx?$/.test(target) ? target : null;
  }
  const name = workspaces.has(specifier) ? specifier : [...workspaces.keys()].find((n) => specifier.startsWith(`${n}/`));
  if (!name) return null;
  const exports = workspaces.get(name)!;
  const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`;
  if (exports[subpath]) return exports[subpath];
  for (const [pattern, target] of Object.entries(exports)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length) {
      return target.replace('*', subpath.slice(prefix.length, subpath.length - suffix.length));
    }
  }
  return null;
}

/** Every .ts/.tsx file under `dir` (declaration files aside). */
function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(dir, name))
    .sort();
}

/** file → the files it imports at load time, for every file under the roots. */
export function importGraph(roots: string[], workspaces: Workspaces): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap(sourceFiles)) {
    const targets = runtimeSpecifiers(file, fs.readFileSync(file, 'utf8'))
      .map((s) => resolveSpecifier(file, s, workspaces))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components that hold a cycle (several files, or one importing itself). */
export function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The shortest cycle from `start` back to itself inside `component`, as a path ending where it starts. */
export function shortestCycle(graph: Map<string, string[]>, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const between: string[] = [];
        for (let at = node; at !== start; at = previous.get(at)!) between.unshift(at);
        return [start, ...between, start];
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Cycles that together pass through every file of each component. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    const covered = new Set<string>();
    for (const start of component) {
      if (covered.has(start)) continue;
      const cycle = shortestCycle(graph, members, start);
      for (const node of cycle) covered.add(node);
      found.push(cycle);
    }
  }
  return found;
}

function main(): void {
  const graph = importGraph(
    SOURCE_ROOTS.map((r) => path.join(root, r)),
    loadWorkspaces(),
  );
  const found = cycles(graph);
  if (found.length === 0) {
    console.log(`check-cycles: no import cycle among ${graph.size} files (${SOURCE_ROOTS.join(', ')})`);
    return;
  }
  console.error(`check-cycles: FAILED (${found.length} import cycle${found.length === 1 ? '' : 's'})`);
  for (const cycle of found) console.error(`  ${cycle.map((file) => path.relative(root, file)).join(' → ')}`);
  process.exitCode = 1;
}

if (import.meta.main) main();
