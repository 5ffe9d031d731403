// The import boundaries of eslint.config.js, checked on small sources placed where the rules apply.
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The boundary findings for `source` as if it were the file `file` (a path from the repository's root). */
function findings(file, source) {
  const rules = config.flatMap((c) => Object.entries(c.rules ?? {})).filter(([name]) => name.startsWith('palabre/'));
  const plugins = config.find((c) => c.plugins?.palabre)?.plugins;
  const linter = new Linter({ cwd: ROOT });
  const messages = linter.verify(source, [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins, rules: Object.fromEntries(rules) }], {
    filename: path.join(ROOT, file),
  });
  return messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it('keeps packages away from the applications and from each other, except engines → shared by name', () => {
    expect(findings('packages/shared/src/x.ts', "import { a } from '@palabre/engines';")).toEqual([
      'palabre/imports: @palabre/engines: @palabre/shared depends on no other workspace',
    ]);
    expect(findings('packages/engines/src/asr/x.ts', "import { a } from '../../../../apps/server/src/config.ts';")).toHaveLength(1);
    expect(findings('packages/engines/src/x.ts', "import { a } from '@palabre/server';")).toHaveLength(1);
    expect(findings('packages/engines/src/x.ts', "import { a } from '../../shared/src/index.ts';")).toHaveLength(1);
    expect(findings('packages/engines/src/x.ts', "import { a } from '@palabre/shared';")).toEqual([]);
  });

  it('lets only repositories, db/ and the bench reach the tables, and anything import their types', () => {
    const values = "import { eq } from 'drizzle-orm';\nimport { users } from '../db/schema.ts';";
    expect(findings('apps/server/src/users/service.ts', values)).toHaveLength(2);
    expect(findings('apps/server/src/users/repo.ts', values)).toEqual([]);
    expect(findings('apps/server/src/bench/seed.ts', values)).toEqual([]);
    expect(findings('apps/server/test/integration/x.test.ts', "import { users } from '../../src/db/schema.ts';")).toEqual([]);
    expect(
      findings('apps/server/src/users/service.ts', "import type { users } from '../db/schema.ts';\nimport { type SQL } from 'drizzle-orm';\nexport type T = typeof users | SQL;"),
    ).toEqual([]);
  });

  it('lets a web feature use another only through the top of its folder', () => {
    expect(findings('apps/web/src/features/explore/x.tsx', "import { a } from '../tags/api.ts';")).toEqual([]);
    expect(findings('apps/web/src/features/explore/x.tsx', "import { a } from '../organizations/settings/roles.ts';")).toEqual([
      'palabre/features: ../organizations/settings/roles.ts: "organizations/settings" is internal to the "organizations" feature; use a file at the top of features/organizations/',
    ]);
    expect(findings('apps/web/src/features/explore/x.tsx', "const m = () => import('../tags/api.test.ts');")).toHaveLength(1);
    expect(findings('apps/web/src/features/organizations/settings/x.tsx', "import { a } from '../roles.ts';")).toEqual([]);
    expect(findings('apps/web/src/features/backoffice/x.tsx', "import { a } from '../organizations/settings/roles.ts';")).toEqual([]);
    expect(findings('apps/web/src/components/x.tsx', "import { a } from '../features/tags/api.ts';")).toHaveLength(1);
    expect(findings('apps/web/src/features/tags/x.tsx', "import { a } from '@palabre/engines';")).toHaveLength(1);
  });
});
