/** Reading a model's keyword answer defensively, merging the lists of a long transcript's parts, and the prompts in both languages. */
import { describe, expect, it } from 'vitest';
import { MAX_KEYWORDS } from '@palabre/shared';
import { cleanKeyword, distinctKeywords, KeywordAnswerError, keywordPrompt, mergeRankedLists, parseKeywordAnswer } from '../../src/keywords/extract.ts';
import { textLanguage } from '../../src/keywords/job.ts';

describe('parseKeywordAnswer', () => {
  it('reads the JSON array of an answer, in prose or a code fence', () => {
    expect(parseKeywordAnswer('["budget", "public transport"]')).toEqual(['budget', 'public transport']);
    expect(parseKeywordAnswer('Here they are:\n```json\n["budget", "schools"]\n```\nHope it helps.')).toEqual(['budget', 'schools']);
  });

  it('cleans keywords, drops non-strings and repeats (case and accents ignored), and keeps at most MAX_KEYWORDS', () => {
    expect(parseKeywordAnswer('["  \\"Écoles\\" ", "ecoles", 3, null, "a, b", "—", "Budget."]')).toEqual(['Écoles', 'a b', 'Budget']);
    const many = JSON.stringify(Array.from({ length: 40 }, (_, i) => `keyword ${i}`));
    expect(parseKeywordAnswer(many)).toHaveLength(MAX_KEYWORDS);
  });

  it('refuses an answer without a usable list', () => {
    for (const answer of ['I cannot help with that.', '[not json]', '{"keywords": "budget"}', '[]', '[1, 2]', '] backwards [']) {
      expect(() => parseKeywordAnswer(answer), answer).toThrow(KeywordAnswerError);
    }
  });
});

describe('mergeRankedLists', () => {
  it('ranks first what ranks high in many parts', () => {
    expect(
      mergeRankedLists([
        ['budget', 'schools', 'roads'],
        ['Budget', 'roads'],
        ['parks', 'roads'],
      ]),
    ).toEqual(['budget', 'roads', 'parks', 'schools']);
  });
});

describe('cleanKeyword and distinctKeywords', () => {
  it('keeps one line without commas or surrounding punctuation', () => {
    expect(cleanKeyword('  «public\ntransport», ')).toBe('public transport');
    expect(distinctKeywords(['Country', 'country', '...', 'your country'])).toEqual(['Country', 'your country']);
  });
});

describe('keywordPrompt', () => {
  it('asks for a JSON array in the language of the transcript, with the transcript after the instructions', () => {
    const [system, user] = keywordPrompt('ask not what your country can do for you', 'en');
    expect(system!.role).toBe('system');
    expect(user!.content).toMatch(/JSON array/);
    expect(user!.content).toMatch(/in English/);
    expect(user!.content.endsWith('ask not what your country can do for you')).toBe(true);
    const french = keywordPrompt('le budget', 'fr', 1, 3)
      .map((turn) => turn.content)
      .join('\n');
    expect(french).toMatch(/tableau JSON/);
    expect(french).toMatch(/extrait 2 sur 3/);
  });

  it('reads English and French media in their language, any other in English', () => {
    expect([textLanguage('fr'), textLanguage('fr-FR'), textLanguage('en'), textLanguage('de'), textLanguage(null)]).toEqual(['fr', 'fr', 'en', 'en', 'en']);
  });
});
