/**
 * Every error the server can answer has words in both languages: each stable error code, and each
 * `error.*` field key written in the server's and the shared contracts' code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palabre/shared';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LOCALES = ['en-US', 'fr-FR'];

function sources(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
}

/** The `error.*` keys the server sends: string literals in its code and in the shared contracts. */
function serverErrorKeys(): string[] {
  const keys = new Set<string>();
  for (const file of [...sources(path.join(ROOT, 'apps/server/src')), ...sources(path.join(ROOT, 'packages/shared/src'))]) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`](error\.[A-Za-z_]+)['"`]/g)) keys.add(match[1]!);
  }
  return [...keys].sort();
}

function common(locale: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/src/i18n', locale, 'common.json'), 'utf8'));
}

describe('translations of server errors', () => {
  const keys = serverErrorKeys();

  it('finds the keys the server sends', () => {
    expect(keys).toEqual(expect.arrayContaining(['error.invalid_format', 'error.forbidden_url', 'error.unsupported_language', 'error.required']));
  });

  for (const locale of LOCALES) {
    it(`${locale} translates every field error key`, () => {
      const errors = common(locale).error as Record<string, unknown>;
      expect(keys.filter((key) => typeof errors[key.slice('error.'.length)] !== 'string')).toEqual([]);
    });

    it(`${locale} translates every error code`, () => {
      const codes = common(locale).apiError as Record<string, unknown>;
      expect([...ERROR_CODES, 'network_error', 'aborted'].filter((code) => typeof codes[code] !== 'string')).toEqual([]);
    });
  }
});
