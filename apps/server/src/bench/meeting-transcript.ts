/**
 * A synthetic meeting for the reports benchmark and tests: by default one hour, about 9,000 words in
 * turns between three speakers, built from varied sentences (templates over meeting subjects, people,
 * figures and dates, with a share of questions, hesitations and decisions), so that sentence ranking,
 * keyphrases and decision cues work on text that reads like speech. Deterministic (a seeded generator).
 */
import crypto from 'node:crypto';
import { TRANSCRIPT_FORMAT_VERSION, type Transcript, type Turn } from '@palabre/shared';
import { generator } from './library-seed.ts';

export interface MeetingOptions {
  seed?: number;
  /** Seconds. */
  duration?: number;
  words?: number;
  speakers?: string[];
}

export const ONE_HOUR_MEETING: Required<MeetingOptions> = {
  seed: 20261126,
  duration: 3600,
  words: 9000,
  speakers: ['Alice Martin', 'Bruno Lefèvre', 'Chloé Dubois'],
};

const SUBJECTS = [
  'the library renovation',
  'the budget for next year',
  'the new website',
  'the training programme',
  'the supplier contract',
  'the customer survey',
  'the summer festival',
  'the recruitment of two engineers',
  'the office move',
  'the security audit',
];
const PEOPLE = ['the finance team', 'our supplier', 'the city council', 'the design agency', 'the volunteers', 'the board', 'the legal department'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'September', 'October', 'November'];
const TEMPLATES = [
  'I think {subject} needs more time than we planned, mostly because {people} asked for changes.',
  'The latest figures for {subject} show a cost of {n} thousand euros, which is {m} percent above the estimate.',
  'Can we talk about {subject} before the end of {month}?',
  '{People} sent their report on {subject} last week and it raises three questions.',
  'We decided to postpone {subject} until {month}, and {people} will be informed tomorrow.',
  'So, um, the main risk with {subject} is the schedule, not the money.',
  'We agreed that {people} will prepare a proposal for {subject} by the {n}th of {month}.',
  'In my opinion {subject} is going well, the first results came in on time.',
  'What did {people} say about {subject} when you met them?',
  'They said that {subject} could start in {month} if the contract is signed quickly.',
  'The action for next week is to send {people} the updated plan for {subject}.',
  'I, I am not sure that {people} understood what we expect from {subject}.',
  'We should compare {subject} with what other cities did, the the results were very different.',
  'The vote on {subject} was unanimous, with {n} members in favour.',
  'Honestly, uh, I would like a clearer timeline for {subject} from {people}.',
  'Let us move on to {subject}, because we still have {n} items on the agenda.',
];

/** A seeded synthetic meeting: the transcript, its word count and duration. */
export function meetingTranscript(options: MeetingOptions = {}): { transcript: Transcript; words: number; duration: number } {
  const { seed, duration, words: target, speakers } = { ...ONE_HOUR_MEETING, ...options };
  const random = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sentence = () => {
    const people = pick(PEOPLE);
    return pick(TEMPLATES)
      .replace('{subject}', pick(SUBJECTS))
      .replace('{people}', people)
      .replace('{People}', people[0]!.toUpperCase() + people.slice(1))
      .replace('{month}', pick(MONTHS))
      .replace('{n}', String(2 + Math.floor(random() * 27)))
      .replace('{m}', String(1 + Math.floor(random() * 30)));
  };
  const texts: Array<{ speaker: number; text: string }> = [];
  let total = 0;
  let speaker = 0;
  while (total < target) {
    const count = 1 + Math.floor(random() * 4);
    const text = Array.from({ length: count }, sentence).join(' ');
    texts.push({ speaker, text });
    total += text.split(' ').length;
    speaker = (speaker + 1 + Math.floor(random() * 2)) % speakers.length;
  }
  const step = duration / total;
  let t = 0;
  const turns: Turn[] = texts.map(({ speaker: s, text }) => {
    const words = text.split(' ').map((word) => {
      const w = { wid: crypto.randomUUID(), word, stime: Math.round(t * 1000) / 1000, etime: Math.round((t + step * 0.8) * 1000) / 1000, confidence: 0.9 };
      t += step;
      return w;
    });
    return { turn_id: crypto.randomUUID(), speaker_id: `spk${s}`, segment: text, stime: words[0]!.stime, etime: words.at(-1)!.etime, words };
  });
  return {
    transcript: { version: TRANSCRIPT_FORMAT_VERSION, speakers: speakers.map((name, i) => ({ speaker_id: `spk${i}`, speaker_name: name })), text: turns },
    words: total,
    duration,
  };
}
