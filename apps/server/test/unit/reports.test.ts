/** Report generation without a server: prompt assembly, the extractive methods and their bounds. */
import { describe, expect, it } from 'vitest';
import { meetingTranscript } from '../../src/bench/meeting-transcript.ts';
import { cleanTurnText, escapeMarkdown, extractiveReport, isDecision, summaryLength, topics } from '../../src/reports/extractive.ts';
import { generateReport, ReportGenerationError } from '../../src/reports/generate.ts';
import { countWords, minutesClock, renderTurns, reportSentences, reportTurns, type ReportTurn } from '../../src/reports/material.ts';
import { combineMessages, partMessages, PROMPTS } from '../../src/reports/prompts.ts';

const turns: ReportTurn[] = [
  { speaker: 'Alice', start: 1, end: 9, text: 'Hello everyone. The budget is ready.' },
  { speaker: 'Bob', start: 65, end: 70, text: 'We decided to sign the contract.' },
];

describe('the transcript for a model', () => {
  it('renders one "[mm:ss] Speaker: text" line per turn', () => {
    expect(renderTurns(turns)).toBe('[00:01] Alice: Hello everyone. The budget is ready.\n[01:05] Bob: We decided to sign the contract.');
    expect(minutesClock(4502)).toBe('75:02');
  });

  it('times each sentence by its place in its turn', () => {
    const sentences = reportSentences(turns, 'en');
    expect(sentences.map((s) => s.text)).toEqual(['Hello everyone.', 'The budget is ready.', 'We decided to sign the contract.']);
    expect(sentences[1]!.start).toBeCloseTo(1 + (8 * 2) / 6);
    expect(sentences[2]).toMatchObject({ speaker: 'Bob', start: 65, turn: 1 });
  });

  it('names speakers without a name', () => {
    const transcript = meetingTranscript({ words: 200 }).transcript;
    transcript.speakers[0]!.speaker_name = ' ';
    expect(reportTurns(transcript, 'Speaker').some((t) => t.speaker === 'Speaker')).toBe(true);
  });
});

describe('prompts', () => {
  it('asks for the whole report in one call when it fits, for notes on a part otherwise', () => {
    const whole = partMessages('cra', 'en', '[00:01] Alice: Hi.', 1, 1);
    expect(whole[0]).toEqual({ role: 'system', content: PROMPTS.en.system });
    expect(whole[1]!.content).toBe(`${PROMPTS.en.instructions.cra}\n\nThe transcript, one line per speaker turn ("[mm:ss] Speaker: text"):\n\n[00:01] Alice: Hi.`);
    const part = partMessages('cred', 'fr', '[00:01] Alice : Bonjour.', 2, 3);
    expect(part[0]!.content).toContain('Réponds en français');
    expect(part[1]!.content).toContain('Voici la partie 2 sur 3');
    expect(part[1]!.content).toContain(PROMPTS.fr.instructions.cred);
    expect(part[1]!.content).toContain('[00:01] Alice : Bonjour.');
    expect(part[1]!.content).not.toMatch(/\{\{\w+\}\}/);
  });

  it('combines the notes in order', () => {
    const messages = combineMessages('summary', 'en', ['First notes.', ' Second notes. ']);
    expect(messages[1]!.content).toContain('First notes.\n\n---\n\nSecond notes.');
    expect(messages[1]!.content).toContain(PROMPTS.en.instructions.summary);
  });

  it('keeps a transcript that looks like a placeholder as it is', () => {
    expect(partMessages('summary', 'en', 'say {{notes}}', 1, 1)[1]!.content).toContain('say {{notes}}');
  });
});

describe('the extractive methods', () => {
  const { transcript, words } = meetingTranscript();
  const meeting = reportTurns(transcript, 'Speaker');

  it('bounds the summary to a tenth of the words, 150 to 600', () => {
    expect(summaryLength(100)).toBe(100);
    expect(summaryLength(2000)).toBe(200);
    expect(summaryLength(9000)).toBe(600);
    expect(summaryLength(50_000)).toBe(600);
  });

  it('summarises a one-hour meeting within its length, labelled, with times', () => {
    const markdown = extractiveReport({ kind: 'summary', language: 'en', turns: meeting, duration: 3600 });
    const lines = markdown.trim().split('\n');
    expect(lines[0]).toBe('_Extractive summary: sentences selected from the transcript, no language model._');
    const kept = lines.filter((l) => l.startsWith('- **['));
    expect(kept.length).toBeGreaterThan(5);
    const summaryWords = kept.map((l) => l.replace(/^- \*\*\[[\d:]+\] [^:]+:\*\* /, '')).reduce((sum, l) => sum + countWords(l), 0);
    expect(summaryWords).toBeLessThanOrEqual(summaryLength(words));
    expect(summaryWords).toBeGreaterThan(summaryLength(words) / 2);
  });

  it('names topics with phrases of several words first, without their words alone', () => {
    const found = topics(meeting.map((t) => t.text).join('\n'), 'en', 6);
    expect(found).toHaveLength(6);
    expect(found).toContain('supplier contract');
    expect(found).not.toContain('supplier');
    expect(found).not.toContain('contract');
  });

  it('ranks a sentence said again and again once', () => {
    const repeated: ReportTurn[] = Array.from({ length: 40 }, (_, i) => ({
      speaker: i % 2 ? 'Bob' : 'Alice',
      start: i * 10,
      end: i * 10 + 9,
      text: i % 2 ? 'Thank you very much for the budget figures of the library.' : `The library budget item ${i} needs a decision on the figures.`,
    }));
    const markdown = extractiveReport({ kind: 'summary', language: 'en', turns: repeated, duration: 400 });
    expect(markdown.match(/Thank you very much/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('finds decisions in both languages', () => {
    expect(isDecision('We agreed that Bob will call.', 'en')).toBe(true);
    expect(isDecision('The weather is nice.', 'en')).toBe(false);
    expect(isDecision('Le conseil a décidé de reporter la séance.', 'fr')).toBe(true);
    expect(isDecision('Il reste une échéance en mars.', 'fr')).toBe(true);
    expect(isDecision('Il fait beau.', 'fr')).toBe(false);
  });

  it('writes a commission report with its agenda and decisions', () => {
    const markdown = extractiveReport({ kind: 'cred', language: 'en', turns: meeting, duration: 3600 });
    expect(markdown).toContain('## Participants\n\n- Alice Martin');
    expect(markdown).toMatch(/## Agenda\n\n1\. .+\n2\. /);
    expect(markdown).toContain('## Decisions and actions');
    expect(markdown).toMatch(/- \*\*\[\d\d:\d\d\] [^*]+:\*\* We (decided|agreed)/);
  });

  it('cleans the full text and merges consecutive turns of a speaker', () => {
    expect(cleanTurnText('so um we we decided', 'en')).toBe('So we decided.');
    const markdown = extractiveReport({
      kind: 'cri',
      language: 'fr',
      turns: [
        { speaker: 'Alice', start: 0, end: 2, text: 'euh bonjour à tous' },
        { speaker: 'Alice', start: 2, end: 4, text: 'on commence ?' },
        { speaker: 'Bob', start: 4, end: 6, text: 'oui' },
      ],
      duration: 6,
    });
    expect(markdown).toContain('**[00:00] Alice:** Bonjour à tous on commence\u202f?');
    expect(markdown).toContain('**[00:04] Bob:** Oui.');
    expect(markdown.split('\n')[0]).toMatch(/^_Texte intégral nettoyé/);
  });

  it('escapes Markdown in transcript text', () => {
    expect(escapeMarkdown('a *b* [c](d) # e')).toBe('a \\*b\\* \\[c\\](d) \\# e');
    expect(escapeMarkdown('- not a list')).toBe('\\- not a list');
  });

  it('refuses an empty transcript', async () => {
    await expect(generateReport({ kind: 'summary', language: 'en', turns: [], duration: null, profile: null })).rejects.toEqual(expect.any(ReportGenerationError));
    await expect(generateReport({ kind: 'summary', language: 'en', turns: [], duration: null, profile: null })).rejects.toMatchObject({ code: 'empty_transcript' });
  });
});
