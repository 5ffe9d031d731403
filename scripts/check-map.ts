/**
 * Fails when docs/ARCHITECTURE.md's folder map (the code block under "## Folder map") leaves out a
 * folder of the server's domains (apps/server/src/*), the web client's features
 * (apps/web/src/features/*) or the workspace packages (packages/*), or lists one that is gone.
 *
 * The map is a tree drawn with ├── and └── four characters per level: an entry's path is read from
 * the entries above it, so a folder counts only at its place in the tree.
 *
 * Usage: node scripts/check-map.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose sub-folders must each have a line in the map. */
export const MAPPED_PARENTS = ['apps/server/src', 'apps/web/src/features', 'packages'];

const ENTRY = /(├── |└── )(\S+)/;

/** The code block under "## Folder map", or null when there is none. */
export function mapBlock(markdown: string): string | null {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Folder map'));
  return /```[^\n]*\n([\s\S]*?)```/.exec(section ?? '')?.[1] ?? null;
}

/** Every path the tree names (without trailing slash), e.g. "apps/server/src/jobs". */
export function mappedPaths(block: string): Set<string> {
  const stack: string[] = [];
  const paths = new Set<string>();
  for (const line of block.split('\n')) {
    const match = ENTRY.exec(line);
    if (!match) continue;
    const depth = match.index / 4;
    stack.length = depth;
    stack.push(match[2]!.replace(/\/$/, ''));
    paths.add(stack.join('/'));
  }
  return paths;
}

/** Folders missing from the map, and folders the map lists under MAPPED_PARENTS that do not exist. */
export function mapProblems(base: string, paths: Set<string>): string[] {
  const problems: string[] = [];
  for (const parent of MAPPED_PARENTS) {
    const dir = path.join(base, parent);
    const folders = fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort()
      : [];
    for (const folder of folders) if (!paths.has(`${parent}/${folder}`)) problems.push(`${parent}/${folder}/ has no line in the folder map`);
    for (const mapped of [...paths].sort()) {
      const rest = mapped.startsWith(`${parent}/`) ? mapped.slice(parent.length + 1) : null;
      if (rest && !rest.includes('/') && !rest.includes('.') && !folders.includes(rest)) problems.push(`the folder map lists ${mapped}/, which does not exist`);
    }
  }
  return problems;
}

function main(): void {
  const doc = path.join(root, 'docs/ARCHITECTURE.md');
  const block = mapBlock(fs.readFileSync(doc, 'utf8'));
  const problems = block === null ? ['docs/ARCHITECTURE.md has no code block under "## Folder map"'] : mapProblems(root, mappedPaths(block));
  if (problems.length === 0) {
    console.log(`check-map: docs/ARCHITECTURE.md's folder map lists every folder of ${MAPPED_PARENTS.join(', ')}`);
    return;
  }
  console.error(`check-map: FAILED (${problems.length} problem${problems.length === 1 ? '' : 's'})`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exitCode = 1;
}

if (import.meta.main) main();
