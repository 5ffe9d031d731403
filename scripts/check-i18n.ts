/**
 * Checks the web client's translations: apps/web/src/i18n/<locale>/<namespace>.json for every locale.
 * Fails on a namespace or key present in one locale and not the other, on empty strings, on values
 * that are not strings, on a key given twice in one object (JSON.parse silently keeps the last one,
 * so a merge could hide a translation), and on files that are not valid JSON.
 *
 * Plural forms follow i18next (key_one, key_other, key_many…): languages need different forms, so a
 * plural key is compared by its base name, and each locale must give the forms its language uses.
 *
 * Usage: node scripts/check-i18n.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const I18N_DIR = path.join(root, 'apps/web/src/i18n');
const LOCALES = ['en-US', 'fr-FR'] as const;
type Locale = (typeof LOCALES)[number];

const PLURAL = /^(.+?)(_ordinal)?_(zero|one|two|few|many|other)$/;

const problems: string[] = [];
const rel = (file: string) => path.relative(root, file);

/** Nested objects become dotted keys; every leaf must be a non-empty string. */
function flatten(value: unknown, prefix: string, file: string, into: Map<string, string>): void {
  if (typeof value === 'string') {
    if (value.trim() === '') problems.push(`${rel(file)}: "${prefix}" is empty`);
    into.set(prefix, value);
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, file, into);
  } else {
    problems.push(`${rel(file)}: "${prefix || '(root)'}" is ${Array.isArray(value) ? 'an array' : String(value)}, not a string`);
    if (prefix) into.set(prefix, String(value)); // reported once, not again as missing
  }
}

/** Keys repeated within one object of a JSON text. */
function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  const objects: Array<Set<string> | null> = []; // null: an array
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') objects.push(new Set());
    else if (c === '[') objects.push(null);
    else if (c === '}' || c === ']') objects.pop();
    else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const literal = text.slice(i, end + 1);
      i = end;
      let next = end + 1;
      while (/\s/.test(text[next] ?? '')) next++;
      const keys = objects.at(-1);
      if (text[next] !== ':' || !keys) continue;
      const key = JSON.parse(literal) as string;
      if (keys.has(key)) found.push(key);
      keys.add(key);
    }
  }
  return found;
}

function namespaces(locale: Locale): Map<string, Map<string, string>> | null {
  const dir = path.join(I18N_DIR, locale);
  if (!fs.existsSync(dir)) {
    problems.push(`${rel(dir)}/ is missing`);
    return null;
  }
  const result = new Map<string, Map<string, string>>();
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = path.join(dir, name);
    const keys = new Map<string, string>();
    try {
      const text = fs.readFileSync(file, 'utf8');
      flatten(JSON.parse(text), '', file, keys);
      for (const key of duplicateKeys(text)) problems.push(`${rel(file)}: "${key}" is given twice in one object`);
    } catch (error) {
      problems.push(`${rel(file)}: invalid JSON (${(error as Error).message})`);
    }
    result.set(name.slice(0, -'.json'.length), keys);
  }
  if (result.size === 0) problems.push(`${rel(dir)}/ has no <namespace>.json file`);
  return result;
}

/** The plural forms a language needs (e.g. en: one, other; fr: one, many, other). */
function pluralForms(locale: Locale, ordinal: boolean): Set<string> {
  return new Set(new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories);
}

/** Plain keys as they are; plural keys reduced to "base" (or "base_ordinal"), with their forms. */
function shape(keys: Map<string, string>) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of keys.keys()) {
    const match = PLURAL.exec(key);
    if (!match) {
      plain.add(key);
      continue;
    }
    const base = `${match[1]}${match[2] ?? ''}`;
    if (!plurals.has(base)) plurals.set(base, new Set());
    plurals.get(base)!.add(match[3]!);
  }
  return { plain, plurals };
}

function compare(ns: string, byLocale: Record<Locale, Map<string, string>>): void {
  const shapes = Object.fromEntries(LOCALES.map((l) => [l, shape(byLocale[l])])) as Record<Locale, ReturnType<typeof shape>>;
  for (const locale of LOCALES) {
    const others = LOCALES.filter((l) => l !== locale);
    for (const other of others) {
      for (const key of shapes[other].plain) {
        if (!shapes[locale].plain.has(key) && !shapes[locale].plurals.has(key)) {
          problems.push(`${locale}/${ns}.json: missing "${key}" (present in ${other})`);
        }
      }
      for (const base of shapes[other].plurals.keys()) {
        if (!shapes[locale].plurals.has(base) && !shapes[locale].plain.has(base)) {
          problems.push(`${locale}/${ns}.json: missing plural "${base}_*" (present in ${other})`);
        }
      }
    }
    for (const [base, forms] of shapes[locale].plurals) {
      const needed = pluralForms(locale, base.endsWith('_ordinal'));
      // i18next falls back to _other, so only _other is strictly required; the rest must exist in the language.
      if (!forms.has('other')) problems.push(`${locale}/${ns}.json: "${base}" has no "${base}_other" form`);
      for (const form of forms) {
        if (!needed.has(form) && form !== 'zero') {
          problems.push(`${locale}/${ns}.json: "${base}_${form}" is a plural form ${locale} never uses`);
        }
      }
    }
  }
}

function main(): void {
  if (!fs.existsSync(I18N_DIR)) {
    problems.push(`${rel(I18N_DIR)}/ is missing: translations live in ${rel(I18N_DIR)}/<locale>/<namespace>.json`);
  } else {
    const loaded = LOCALES.map((locale) => [locale, namespaces(locale)] as const);
    const all = new Set(loaded.flatMap(([, ns]) => (ns ? [...ns.keys()] : [])));
    let keyCount = 0;
    for (const ns of [...all].sort()) {
      const byLocale = {} as Record<Locale, Map<string, string>>;
      let complete = true;
      for (const [locale, map] of loaded) {
        const keys = map?.get(ns);
        if (!keys) {
          if (map) problems.push(`${locale}/${ns}.json is missing (present in another locale)`);
          complete = false;
        } else byLocale[locale] = keys;
      }
      if (complete) {
        compare(ns, byLocale);
        keyCount += byLocale[LOCALES[0]].size;
      }
    }
    if (problems.length === 0) {
      console.log(`check-i18n: ${LOCALES.join(' and ')} agree (namespaces: ${[...all].sort().join(', ')}; ${keyCount} keys in ${LOCALES[0]})`);
      return;
    }
  }
  console.error(`check-i18n: FAILED (${problems.length} problem${problems.length === 1 ? '' : 's'})`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exitCode = 1;
}

main();
