/**
 * Offline translation with Apertium (Debian's apertium, apertium-eng-spa and apertium-fr-es, which
 * `scripts/ensure-system.sh test` installs): real sentences both ways through the Spanish pivot,
 * answers in order under overlapping calls, special characters, a restart after the pipeline is
 * killed mid-queue, and the pipeline built from a mode file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApertiumTranslator, liveApertiumPipelines } from '../src/translate/apertium.ts';
import { apertiumTranslates, escapeApertium, findApertiumRoute, findApertiumRouteSync, nullFlushStages, unescapeApertium } from '../src/translate/apertium-mode.ts';

const english = createApertiumTranslator({ source: 'en', target: 'fr' });
const french = createApertiumTranslator({ source: 'fr', target: 'en' });
afterAll(async () => {
  await english.close();
  await french.close();
});

const SENTENCES = [
  'Good morning everyone.',
  'The meeting starts at ten.',
  'Our country is very big.',
  'I would like a cup of coffee.',
  'The children are playing in the garden.',
  'We will finish the project next week.',
  'Thank you for your help.',
  'The house is white.',
];

describe('Apertium translator', () => {
  it('translates English into French and French into English through Spanish', async () => {
    expect(await english.availability()).toEqual({ ok: true });
    const fr = await english.translate('And so my fellow Americans, ask not what your country can do for you.');
    console.log(`en → fr: ${fr}`);
    expect(fr).toMatch(/pays/);
    expect(fr).toMatch(/américains/i);
    const en = await french.translate('Bonjour à tous, nous allons commencer la réunion.');
    console.log(`fr → en: ${en}`);
    expect(en).toMatch(/meeting/);
    expect(await english.translate('The house is white.')).toMatch(/maison est blanche/i);
  });

  it('gives each overlapping call its own translation, in order', async () => {
    const pid = english.pid;
    const oneByOne: string[] = [];
    for (const sentence of SENTENCES) oneByOne.push(await english.translate(sentence));
    expect(new Set(oneByOne).size).toBe(SENTENCES.length);
    const together = await Promise.all(SENTENCES.map((sentence) => english.translate(sentence)));
    expect(together).toEqual(oneByOne);
    // One long-running pipeline per direction serves them all.
    expect(english.pid).toBe(pid);
    expect(liveApertiumPipelines()).toBe(2);
  });

  it('keeps the characters Apertium reserves, reads line breaks as spaces, and answers empty text at once', async () => {
    const out = await english.translate('Send the report [draft] to a/b@c.com {now} *please* <soon> $5 ^_^ \\o/\nThank you.');
    for (const kept of ['[', ']', '/', '@', '{', '}', '*', '<', '>', '$', '^', '\\']) expect(out).toContain(kept);
    expect(out).not.toContain('\n');
    expect(await english.translate('  \n ')).toBe('');
  });

  it('restarts a pipeline that dies, and still answers every text in flight', async () => {
    const translator = createApertiumTranslator({ source: 'en', target: 'fr' });
    try {
      const expected = await Promise.all(SENTENCES.map((s) => english.translate(s)));
      await translator.translate('Hello.');
      const first = translator.pid!;
      const answers = Promise.all(SENTENCES.map((s) => translator.translate(s)));
      process.kill(-first, 'SIGKILL');
      expect(await answers).toEqual(expected);
      expect(translator.pid).toBeGreaterThan(0);
      expect(translator.pid).not.toBe(first);
    } finally {
      await translator.close();
    }
    expect(translator.pid).toBeUndefined();
  });

  it('restarts a pipeline that stops answering', async () => {
    const translator = createApertiumTranslator({ source: 'fr', target: 'en', timeoutMs: 4000 });
    try {
      await translator.translate('Bonjour.');
      const pid = translator.pid!;
      // Stopped, not dead: only the time limit notices.
      process.kill(-pid, 'SIGSTOP');
      const answer = await translator.translate('La maison est blanche.');
      expect(answer).toMatch(/house/i);
      expect(translator.pid).not.toBe(pid);
    } finally {
      await translator.close();
    }
  });

  it('says what to install when the language pairs are missing', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'palabre-no-apertium-'));
    try {
      const translator = createApertiumTranslator({ source: 'en', target: 'fr', modesDir: empty });
      expect(await translator.availability()).toEqual({ ok: false, reason: expect.stringContaining('apt-get install apertium apertium-eng-spa apertium-fr-es') });
      await expect(translator.translate('Hello.')).rejects.toMatchObject({ code: 'engine_unavailable' });
      expect(await findApertiumRoute('en', 'fr', empty)).toBeNull();
      expect(apertiumTranslates('en', 'fr', empty)).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('Apertium pipeline from mode files', () => {
  it('runs every stage null-flushing, the bilingual lookup unbuffered, unknown words unmarked', () => {
    const mode =
      "lt-proc '/a/eng-spa.automorf.bin' | apertium-tagger -g $2 '/a/eng-spa.prob' | apertium-pretransfer | lt-proc -b '/a/eng-spa.autobil.bin' | apertium-transfer -b '/a/t1x' '/a/t1x.bin' | lt-proc $1 '/a/autogen.bin'";
    expect(nullFlushStages(mode)).toEqual([
      "lt-proc -z '/a/eng-spa.automorf.bin'",
      "apertium-tagger -z -g '/a/eng-spa.prob'",
      'apertium-pretransfer -z',
      "stdbuf -o0 lt-proc -z -b '/a/eng-spa.autobil.bin'",
      "apertium-transfer -z -b '/a/t1x' '/a/t1x.bin'",
      "lt-proc -z -n '/a/autogen.bin'",
    ]);
    expect(() => nullFlushStages("lt-proc 'x' | some-filter")).toThrow(/some-filter/);
  });

  it('chains the installed pairs through Spanish', async () => {
    const route = await findApertiumRoute('en', 'fr');
    expect(route?.pairs).toEqual(['eng-spa', 'es-fr']);
    expect(route?.programs).toContain('stdbuf');
    expect((await findApertiumRoute('fr', 'en'))?.pairs).toEqual(['fr-es', 'spa-eng']);
    expect(await findApertiumRoute('en', 'en')).toBeNull();
    // What an installation reaches, answered at once.
    expect(findApertiumRouteSync('en', 'fr')).toEqual(route);
    expect(apertiumTranslates('en', 'fr')).toBe(true);
    expect(apertiumTranslates('fr', 'en')).toBe(true);
    expect(apertiumTranslates('en', 'en')).toBe(false);
    expect(apertiumTranslates('en', 'de')).toBe(false);
  });

  it('escapes and unescapes the reserved characters', () => {
    const text = 'a\\b [c] ^d$ e/f @g <h> {i} *j';
    expect(escapeApertium(text)).toBe('a\\\\b \\[c\\] \\^d\\$ e\\/f \\@g \\<h\\> \\{i\\} \\*j');
    expect(unescapeApertium(escapeApertium(text))).toBe(text);
  });
});
