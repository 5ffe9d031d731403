/**
 * The messages a question sends to the model: instructions in the media's language (English or
 * French) with the transcript turns picked for the question, the chat's earlier messages as history
 * (the most recent ones that fit), then the question. The budget is the profile's context less the
 * room kept for the answer.
 */
import { estimateTokens, type ChatTurn, type TextLanguage } from '@palabre/engines';
import type { Transcript } from '@palabre/shared';
import { labelTurns, selectTurns, type LabelledTurn } from './retrieval.ts';

/** Tokens kept for the answer: a quarter of the context, at most this. */
export const MAX_ANSWER_TOKENS = 1024;
/** Share of what is left that earlier messages may take. */
const HISTORY_SHARE = 0.25;
/** Slack for the chat format's own tokens (roles, separators). */
const FORMAT_TOKENS = 64;

const INSTRUCTIONS: Record<TextLanguage, (name: string) => string> = {
  en: (name) =>
    [
      `You answer questions about the transcript of the recording "${name}".`,
      'Answer only from the transcript turns below; when they do not contain the answer, say so plainly. Do not invent facts.',
      'Each turn starts with its id, its time and its speaker, as in "[T12 03:41 Alice]". Cite the turns you rely on by their id in square brackets, for example [T12] or [T3][T4].',
      'Answer in English, concisely, in Markdown.',
      '',
      'Transcript turns:',
    ].join('\n'),
  fr: (name) =>
    [
      `Tu réponds à des questions sur la transcription de l'enregistrement « ${name} ».`,
      "Réponds uniquement à partir des tours de parole ci-dessous ; s'ils ne contiennent pas la réponse, dis-le simplement. N'invente rien.",
      'Chaque tour commence par son identifiant, son heure et son locuteur, comme « [T12 03:41 Alice] ». Cite les tours sur lesquels tu t’appuies par leur identifiant entre crochets, par exemple [T12] ou [T3][T4].',
      'Réponds en français, de façon concise, en Markdown.',
      '',
      'Tours de parole :',
    ].join('\n'),
};

/** The language of the instructions: French for a French media, else English. */
export function promptLanguage(mediaLanguage: string | null | undefined): TextLanguage {
  return mediaLanguage?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export interface PromptInput {
  mediaName: string;
  language: TextLanguage;
  transcript: Transcript;
  /** Earlier messages of the chat, oldest first (the question is not among them). */
  history: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>;
  question: string;
  contextTokens: number;
}

export interface Prompt {
  messages: ChatTurn[];
  /** Every turn of the transcript by its id, for resolving citations. */
  turns: Map<string, LabelledTurn>;
  /** The ids of the turns sent. */
  sent: string[];
  answerTokens: number;
}

export function buildPrompt(input: PromptInput): Prompt {
  const all = labelTurns(input.transcript);
  const instructions = INSTRUCTIONS[input.language](input.mediaName);
  const answerTokens = Math.min(MAX_ANSWER_TOKENS, Math.floor(input.contextTokens / 4));
  const available = input.contextTokens - answerTokens - FORMAT_TOKENS - estimateTokens(instructions) - estimateTokens(input.question);

  // The most recent earlier messages that fit their share, kept in order.
  const history: ChatTurn[] = [];
  let historyBudget = Math.max(0, Math.floor(available * HISTORY_SHARE));
  for (let i = input.history.length - 1; i >= 0; i -= 1) {
    const message = input.history[i]!;
    if (message.content.trim() === '') continue;
    const tokens = estimateTokens(message.content) + 4;
    if (tokens > historyBudget) break;
    historyBudget -= tokens;
    history.unshift({ role: message.role, content: message.content });
  }
  const historyTokens = history.reduce((sum, message) => sum + estimateTokens(message.content) + 4, 0);

  const picked = selectTurns(all, input.question, input.language, available - historyTokens);
  const system = `${instructions}\n${picked.map((turn) => turn.line).join('\n')}`;
  return {
    messages: [{ role: 'system', content: system }, ...history, { role: 'user', content: input.question }],
    turns: new Map(all.map((turn) => [turn.id, turn])),
    sent: picked.map((turn) => turn.id),
    answerTokens,
  };
}
