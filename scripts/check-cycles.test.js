// The import-cycle check (scripts/check-cycles.ts): which imports count, how specifiers resolve, and
// that the cycles it reports are real paths through every file of each cycle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cycles, importGraph, resolveSpecifier, runtimeSpecifiers } from './check-cycles.ts';

describe('runtime imports', () => {
  it('counts what runs at load time and skips what TypeScript erases', () => {
    const source = [
      "import type { A } from './type-only.ts';",
      "import { type B, type C } from './all-types.ts';",
      "import { type D, e } from './mixed.ts';",
      "import f, { type G } from './default.ts';",
      "import * as h from './namespace.ts';",
      "import './side-effect.ts';",
      "export type { I } from './export-type.ts';",
      "export { type J } from './export-all-types.ts';",
      "export { k } from './export-value.ts';",
      "export * from './export-star.ts';",
      "const lazy = () => import('./lazy.ts');",
    ].join('\n');
    expect(runtimeSpecifiers('x.ts', source)).toEqual(['./mixed.ts', './default.ts', './namespace.ts', './side-effect.ts', './export-value.ts', './export-star.ts']);
  });

  it('reads .tsx files', () => {
    expect(runtimeSpecifiers('x.tsx', "import { a } from './a.tsx';\nexport const X = () => <div>{a}</div>;")).toEqual(['./a.tsx']);
  });
});

describe('resolving specifiers', () => {
  const workspaces = new Map([['@palabre/shared', { '.': '/r/shared/src/index.ts', './collab': '/r/shared/src/collab/index.ts', './*': '/r/shared/src/*.ts' }]]);

  it('follows relative paths to TypeScript files and workspaces through their exports', () => {
    expect(resolveSpecifier('/r/app/src/a/b.ts', '../c.ts', workspaces)).toBe('/r/app/src/c.ts');
    expect(resolveSpecifier('/r/app/src/a/b.ts', './d.tsx', workspaces)).toBe('/r/app/src/a/d.tsx');
    expect(resolveSpecifier('/r/app/src/b.ts', '@palabre/shared', workspaces)).toBe('/r/shared/src/index.ts');
    expect(resolveSpecifier('/r/app/src/b.ts', '@palabre/shared/collab', workspaces)).toBe('/r/shared/src/collab/index.ts');
    expect(resolveSpecifier('/r/app/src/b.ts', '@palabre/shared/constants', workspaces)).toBe('/r/shared/src/constants.ts');
  });

  it('leaves out what cannot close a cycle of ours', () => {
    expect(resolveSpecifier('/r/b.ts', 'node:fs', workspaces)).toBeNull();
    expect(resolveSpecifier('/r/b.ts', 'zod', workspaces)).toBeNull();
    expect(resolveSpecifier('/r/b.ts', '@palabre/sharedish', workspaces)).toBeNull();
    expect(resolveSpecifier('/r/b.ts', './style.css', workspaces)).toBeNull();
  });
});

describe('cycles', () => {
  it('finds none in a graph without one', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reports each cycle as a path from a file back to itself, covering every file of the component', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['b']],
      ['e', ['a']], // leads into the cycle, is not part of it
      ['s', ['s']],
    ]);
    expect(cycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'b', 'd'],
      ['s', 's'],
    ]);
  });
});

describe('on files', () => {
  let dir;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sees a cycle closed by a value import, and none when one side imports only types', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-cycles-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport type A = string;\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport const b: A = 'b';\n");
    expect(cycles(importGraph([dir], new Map()))).toEqual([]);

    fs.writeFileSync(path.join(dir, 'b.ts'), "import { a, type A } from './a.ts';\nexport const b: A = 'b';\nexport const c = a;\n");
    expect(cycles(importGraph([dir], new Map()))).toEqual([[path.join(dir, 'a.ts'), path.join(dir, 'b.ts'), path.join(dir, 'a.ts')]]);
  });
});
