/**
 * Reports without a language model (docs/reports.md, "Extractive methods"), each opened by a line
 * saying so in the report's language:
 * - summary: the transcript's best-ranked sentences (TextRank) within a length bound, with their times;
 * - cra: participants, duration, main topics (statistical keyphrases), each speaker's top-ranked sentences;
 * - cred: participants, an agenda of keyphrases, each item's key statements with speaker and time, and
 *   the sentences that state decisions or actions (cue words of both languages);
 * - cri: the full text by speaker turn, consecutive turns of one speaker merged, hesitations removed
 *   and punctuation fixed by the transcription's own rules.
 */
import { extractKeyphrases, extractiveSummary, punctuateWords, rankSentences, removeDisfluencies, type TextLanguage } from '@palabre/engines';
import type { ReportKind } from '@palabre/shared';
import { clock } from '../exports/labels.ts';
import { reportLabels, type ReportLabels } from './labels.ts';
import { countWords, minutesClock, reportSentences, type ReportSentence, type ReportTurn } from './material.ts';

export interface ExtractiveInput {
  kind: ReportKind;
  language: TextLanguage;
  turns: readonly ReportTurn[];
  /** The media's duration in seconds, when known. */
  duration: number | null;
}

/** A summary keeps about a tenth of the words, within these bounds (never more than the transcript). */
export const SUMMARY_WORDS = { share: 0.1, min: 150, max: 600 } as const;

export function summaryLength(totalWords: number): number {
  return Math.min(totalWords, Math.max(SUMMARY_WORDS.min, Math.min(SUMMARY_WORDS.max, Math.round(totalWords * SUMMARY_WORDS.share))));
}

/** Characters that would make transcript text read as Markdown syntax are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/gu, (c) => `\\${c}`).replace(/^(\s*)([-+]|\d+[.)])(?=\s)/u, '$1\\$2');
}

const stamp = (sentence: Pick<ReportSentence, 'start' | 'speaker'>) => `[${minutesClock(sentence.start)}] ${escapeMarkdown(sentence.speaker)}`;

/** Sentences that state a decision or an action, by cue words (stems end with `\p{L}*`). */
const DECISION_CUES: Record<TextLanguage, string[]> = {
  en: [
    'decid\\p{L}*',
    'decision\\p{L}*',
    'agree[ds]?',
    'agreement',
    'approv\\p{L}*',
    'vot(?:e|ed|es|ing)',
    'adopt\\p{L}*',
    'resolv\\p{L}*',
    'resolution',
    'conclu\\p{L}*',
    'action items?',
    'next steps?',
    'follow[- ]up',
    'deadline',
    'in charge of',
    'responsible for',
    'we will',
    "we[’']ll",
    'we shall',
    'we must',
  ],
  fr: [
    'décid\\p{L}*',
    'décision\\p{L}*',
    "d[’']accord",
    'approuv\\p{L}*',
    'vot(?:e|é|ée|és|ées|er|ons|ent)',
    'adopt\\p{L}*',
    'résolution',
    'conclu\\p{L}*',
    'actions?',
    'prochaines? étapes?',
    'suivi',
    'échéance',
    'date limite',
    'chargée? de',
    'responsable',
    'nous allons',
    'on va',
    'il faut',
    'devr(?:a|ont|ons)',
  ],
};
const decisionPattern = (language: TextLanguage) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${DECISION_CUES[language].join('|')})(?![\\p{L}\\p{N}])`, 'iu');

export function isDecision(sentence: string, language: TextLanguage): boolean {
  return decisionPattern(language).test(sentence);
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

interface Material {
  labels: ReportLabels;
  sentences: ReportSentence[];
  /** Each sentence's TextRank score. */
  scores: number[];
  speakers: Array<{ name: string; seconds: number; turns: number }>;
  duration: number;
  text: string;
}

function material(input: ExtractiveInput, rank: boolean): Material {
  const sentences = reportSentences(input.turns, input.language);
  const speakers = new Map<string, { name: string; seconds: number; turns: number }>();
  for (const turn of input.turns) {
    const entry = speakers.get(turn.speaker) ?? { name: turn.speaker, seconds: 0, turns: 0 };
    entry.seconds += Math.max(0, turn.end - turn.start);
    entry.turns += 1;
    speakers.set(turn.speaker, entry);
  }
  const last = input.turns[input.turns.length - 1];
  return {
    labels: reportLabels(input.language),
    sentences,
    scores: rank
      ? rankSentences(
          sentences.map((s) => s.text),
          input.language,
        )
      : [],
    speakers: [...speakers.values()],
    duration: input.duration ?? last?.end ?? 0,
    text: input.turns.map((t) => t.text).join('\n'),
  };
}

/** The indexes of the `count` best-scored among `indexes`, in their original order. */
function best(indexes: readonly number[], scores: readonly number[], count: number): number[] {
  return [...indexes]
    .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b)
    .slice(0, count)
    .sort((a, b) => a - b);
}

function participantsSection(m: Material): string[] {
  return [`## ${m.labels.participants}`, '', ...m.speakers.map((s) => `- ${escapeMarkdown(s.name)} (${clock(s.seconds)})`), ''];
}

/** The indexes of the first occurrence of each sentence (case and accents ignored): repeated formulas are ranked once. */
function firstOccurrences(sentences: readonly ReportSentence[]): number[] {
  const seen = new Set<string>();
  return sentences.flatMap((s, i) => {
    const key = fold(s.text)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (seen.has(key)) return [];
    seen.add(key);
    return [i];
  });
}

function summary(input: ExtractiveInput, m: Material): string[] {
  const total = m.sentences.reduce((sum, s) => sum + countWords(s.text), 0);
  const unique = firstOccurrences(m.sentences);
  const kept = extractiveSummary(
    unique.map((i) => m.sentences[i]!.text),
    { language: input.language, maxWords: summaryLength(total) },
  ).map((k) => unique[k]!);
  return [`# ${m.labels.kinds.summary}`, '', ...kept.map((i) => m.sentences[i]!).map((s) => `- **${stamp(s)}:** ${escapeMarkdown(s.text)}`), ''];
}

/**
 * The main topics: the best keyphrases, phrases of several words first (a topic reads better as
 * "supplier contract" than as "supplier"), then single words no chosen phrase already holds.
 */
export function topics(text: string, language: TextLanguage, count: number): string[] {
  const phrases = extractKeyphrases(text, { language, max: count * 4 }).map((k) => k.text);
  const words = (phrase: string) =>
    fold(phrase)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const chosen = phrases.filter((p) => words(p).length > 1).slice(0, count);
  const covered = new Set(chosen.flatMap(words));
  for (const phrase of phrases) {
    if (chosen.length >= count) break;
    if (words(phrase).length === 1 && !covered.has(words(phrase)[0]!)) chosen.push(phrase);
  }
  // In the keyphrases' order of relevance.
  return phrases.filter((p) => chosen.includes(p));
}

function cra(input: ExtractiveInput, m: Material): string[] {
  const main = topics(m.text, input.language, 8);
  const lines = [`# ${m.labels.kinds.cra}`, '', ...participantsSection(m), `**${m.labels.duration}:** ${clock(m.duration)}`, ''];
  lines.push(`## ${m.labels.mainTopics}`, '', ...main.map((t) => `- ${escapeMarkdown(t)}`), '');
  lines.push(`## ${m.labels.keyPoints}`, '');
  const unique = new Set(firstOccurrences(m.sentences));
  for (const speaker of m.speakers) {
    const own = m.sentences.flatMap((s, i) => (s.speaker === speaker.name && unique.has(i) ? [i] : []));
    const points = best(own, m.scores, Math.min(5, Math.max(1, Math.ceil(own.length / 20))));
    lines.push(`### ${escapeMarkdown(speaker.name)}`, '', ...points.map((i) => m.sentences[i]!).map((s) => `- [${minutesClock(s.start)}] ${escapeMarkdown(s.text)}`), '');
  }
  return lines;
}

function cred(input: ExtractiveInput, m: Material): string[] {
  const items = topics(m.text, input.language, 6);
  const lines = [`# ${m.labels.kinds.cred}`, '', ...participantsSection(m), `**${m.labels.duration}:** ${clock(m.duration)}`, ''];
  lines.push(`## ${m.labels.agenda}`, '', ...items.map((item, i) => `${i + 1}. ${escapeMarkdown(item)}`), '');
  const unique = new Set(firstOccurrences(m.sentences));
  const folded = m.sentences.map((s) => ` ${fold(s.text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `);
  items.forEach((item, i) => {
    const needle = ` ${fold(item)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()} `;
    const about = folded.flatMap((text, index) => (unique.has(index) && text.includes(needle) ? [index] : []));
    lines.push(`## ${i + 1}. ${escapeMarkdown(item)}`, '', `### ${m.labels.keyStatements}`, '');
    lines.push(...best(about, m.scores, 3).map((index) => `- **${stamp(m.sentences[index]!)}:** ${escapeMarkdown(m.sentences[index]!.text)}`), '');
  });
  const decisions = m.sentences.filter((s, index) => unique.has(index) && isDecision(s.text, input.language));
  lines.push(`## ${m.labels.decisions}`, '');
  if (decisions.length === 0) lines.push(m.labels.noDecisions, '');
  else lines.push(...decisions.slice(0, 30).map((s) => `- **${stamp(s)}:** ${escapeMarkdown(s.text)}`), '');
  return lines;
}

/** A turn's text cleaned: hesitations and repeats removed, then the transcription's punctuation rules. */
export function cleanTurnText(text: string, language: TextLanguage): string {
  const words = removeDisfluencies(text, language)
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => ({ word, stime: 0, etime: 0, confidence: 1 }));
  return punctuateWords(words, language)
    .map((w) => w.word)
    .join(' ');
}

function cri(input: ExtractiveInput, m: Material): string[] {
  const lines = [`# ${m.labels.kinds.cri}`, ''];
  const merged: ReportTurn[] = [];
  for (const turn of input.turns) {
    const previous = merged[merged.length - 1];
    if (previous && previous.speaker === turn.speaker) merged[merged.length - 1] = { ...previous, end: turn.end, text: `${previous.text} ${turn.text}` };
    else merged.push({ ...turn });
  }
  for (const turn of merged) {
    const text = cleanTurnText(turn.text, input.language);
    if (text) lines.push(`**${stamp(turn)}:** ${escapeMarkdown(text)}`, '');
  }
  return lines;
}

const BUILDERS: Record<ReportKind, (input: ExtractiveInput, m: Material) => string[]> = { summary, cra, cred, cri };

/** The report's Markdown, its first line saying it was made without a model. */
export function extractiveReport(input: ExtractiveInput): string {
  const m = material(input, input.kind === 'cra' || input.kind === 'cred');
  return [m.labels.extractiveNote[input.kind], '', ...BUILDERS[input.kind](input, m)].join('\n').trim() + '\n';
}
