/**
 * Apertium pipelines built from the installed mode files (`/usr/share/apertium/modes/<pair>.mode`,
 * one shell pipeline per language pair), for long-running use: the `apertium` wrapper starts a new
 * pipeline per call (~320 ms) and its formatter and `wblank` stages cannot stream. Instead:
 *  - `$1` (generation mode) becomes `-n`, so unknown words come out unmarked; `$2` (tagger option)
 *    is dropped;
 *  - every stage runs in null-flush mode (`-z`): each input ends with "\n\0" and its translation
 *    comes back ending with "\0";
 *  - the bilingual `lt-proc -z -b` stage runs unbuffered under `stdbuf -o0` (lttoolbox 3.7.1 does
 *    not flush it on "\0");
 *  - the text is escaped as the formatter would (a backslash before `\ [ ] ^ $ / @ < > { } *`) and
 *    unescaped on the way out.
 * English ↔ French goes through Spanish (Debian has `apertium-eng-spa` and `apertium-fr-es`, no
 * direct pair): the two pairs' pipelines are joined into one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TranscriptLanguage } from '../asr/types.ts';
import { findOnPath } from '../path.ts';

export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

/** The pairs to chain for each direction, best first (a direct pair, else the Spanish pivot). */
export const APERTIUM_ROUTES: Record<string, readonly (readonly string[])[]> = {
  'en-fr': [['en-fr'], ['eng-fra'], ['eng-spa', 'es-fr']],
  'fr-en': [['fr-en'], ['fra-eng'], ['fr-es', 'spa-eng']],
};

/** The Debian packages holding the pivot route's pairs. */
export const APERTIUM_PACKAGES = ['apertium', 'apertium-eng-spa', 'apertium-fr-es'] as const;

/** Programs a mode may run with null-flush support, and so take `-z`. */
const NULL_FLUSH_PROGRAMS = new Set([
  'lt-proc',
  'apertium-tagger',
  'apertium-pretransfer',
  'apertium-transfer',
  'apertium-interchunk',
  'apertium-postchunk',
  'lrx-proc',
  'cg-proc',
  'apertium-lex-tools',
  'hfst-proc',
]);

/**
 * One pair's mode (the text of its .mode file) → its stages as null-flushing shell commands.
 * Throws when a stage runs a program that cannot null-flush (the pipeline would never answer).
 */
export function nullFlushStages(mode: string): string[] {
  const commands = mode
    .replace(/\$1/g, '-n')
    .replace(/\$2/g, '')
    .split('|')
    .map((stage) => stage.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  return commands.map((command) => {
    const [program, ...rest] = command.split(' ');
    if (!program || !NULL_FLUSH_PROGRAMS.has(program)) throw new Error(`the stage "${program}" cannot run in null-flush mode`);
    const args = rest.filter((arg) => arg !== '-z');
    const stage = [program, '-z', ...args].join(' ');
    return program === 'lt-proc' && args[0] === '-b' ? `stdbuf -o0 ${stage}` : stage;
  });
}

export interface ApertiumRoute {
  pairs: string[];
  /** The whole pipeline, as one shell command. */
  command: string;
  /** The programs it runs (to check they are installed). */
  programs: string[];
}

/**
 * The first route for `source → target` whose mode files are all installed, or null. Synchronous
 * (a few small files) for checks that answer at once, such as which directions an installation
 * reaches.
 */
export function findApertiumRouteSync(source: string, target: string, modesDir = APERTIUM_MODES_DIR): ApertiumRoute | null {
  for (const pairs of APERTIUM_ROUTES[`${source}-${target}`] ?? []) {
    const modes: string[] = [];
    for (const pair of pairs) {
      const text = readMode(path.join(modesDir, `${pair}.mode`));
      if (text === null) break;
      modes.push(text);
    }
    if (modes.length !== pairs.length) continue;
    const stages = modes.flatMap(nullFlushStages);
    const programs = [...new Set(stages.map((stage) => stage.split(' ').find((word) => word !== 'stdbuf' && word !== '-o0')!)), 'stdbuf'];
    return { pairs: [...pairs], command: stages.join(' | '), programs };
  }
  return null;
}

/** The first route for `source → target` whose mode files are all installed, or null. */
export async function findApertiumRoute(source: TranscriptLanguage, target: TranscriptLanguage, modesDir = APERTIUM_MODES_DIR): Promise<ApertiumRoute | null> {
  return findApertiumRouteSync(source, target, modesDir);
}

/** The programs of a route that are not installed. */
export function missingApertiumPrograms(route: ApertiumRoute): string[] {
  return route.programs.filter((program) => !findOnPath(program));
}

/**
 * Whether Apertium can translate `source → target` here: a route's mode files and every program it
 * runs are installed.
 */
export function apertiumTranslates(source: string, target: string, modesDir = APERTIUM_MODES_DIR): boolean {
  try {
    const route = findApertiumRouteSync(source, target, modesDir);
    return route !== null && missingApertiumPrograms(route).length === 0;
  } catch {
    return false;
  }
}

function readMode(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const SPECIAL = /[\\[\]^$/@<>{}*]/g;

/** Text → Apertium's stream format: special characters escaped. */
export function escapeApertium(text: string): string {
  return text.replace(SPECIAL, (c) => `\\${c}`);
}

/** Apertium's stream format → text. */
export function unescapeApertium(text: string): string {
  return text.replace(/\\(.)/gs, '$1');
}
