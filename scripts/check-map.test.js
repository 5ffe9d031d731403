// The folder-map check (scripts/check-map.ts): how the tree of docs/ARCHITECTURE.md is read, and what
// it must list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mapBlock, mappedPaths, mapProblems } from './check-map.ts';

const TREE = [
  '.',
  '├── apps/',
  '│   ├── server/                  the server',
  '│   │   ├── src/',
  '│   │   │   ├── cli.ts           entry point',
  '│   │   │   ├── jobs/            the queue;',
  '│   │   │   │                    keywords/ named on a continuation line does not count',
  '│   │   │   └── pipeline/        steps',
  '│   │   └── test/',
  '│   └── web/',
  '│       └── src/',
  '│           └── features/',
  '│               └── tags/      tags',
  '├── packages/',
  '│   └── shared/                  contracts',
  '└── keywords/                    at the wrong place: not apps/server/src/keywords',
].join('\n');

describe('reading the map', () => {
  it('takes the code block under "## Folder map"', () => {
    const doc = `# Title\n\n## Other\n\n\`\`\`\nnot this\n\`\`\`\n\n## Folder map\n\n\`\`\`\n${TREE}\n\`\`\`\n\n## Runtime\n`;
    expect(mapBlock(doc)).toBe(`${TREE}\n`);
    expect(mapBlock('## Runtime\n\n```\nx\n```\n')).toBeNull();
  });

  it('gives each entry its path from the entries above it', () => {
    const paths = mappedPaths(TREE);
    expect([...paths]).toEqual(
      expect.arrayContaining([
        'apps/server/src/cli.ts',
        'apps/server/src/jobs',
        'apps/server/src/pipeline',
        'apps/server/test',
        'apps/web/src/features/tags',
        'packages/shared',
        'keywords',
      ]),
    );
    expect(paths.has('apps/server/src/keywords')).toBe(false);
  });
});

describe('what the map must list', () => {
  let dir;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('every folder of the server, the web features and the packages, and none that is gone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-map-'));
    for (const folder of ['apps/server/src/jobs', 'apps/server/src/keywords', 'apps/web/src/features/tags', 'apps/web/src/features/live', 'packages/shared', 'packages/engines']) {
      fs.mkdirSync(path.join(dir, folder), { recursive: true });
    }
    expect(mapProblems(dir, mappedPaths(TREE))).toEqual([
      'apps/server/src/keywords/ has no line in the folder map',
      'the folder map lists apps/server/src/pipeline/, which does not exist',
      'apps/web/src/features/live/ has no line in the folder map',
      'packages/engines/ has no line in the folder map',
    ]);
  });
});
