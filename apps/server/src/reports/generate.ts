/**
 * Writing one report's Markdown from a transcript: with a language model when an AI profile is
 * usable (the kind's prompts, map-reduce over chunks of turns that fit the model's context), else by
 * the extractive methods (extractive.ts). Progress is reported as a fraction of the work done.
 */
import { ChatModelError, completeChat, estimateTokens, mapReduce, type ChatRequestOptions, type TextLanguage } from '@palabre/engines';
import type { AiError, AiMethod, ReportKind } from '@palabre/shared';
import type { UsableAiProfile } from '../ai-profiles/resolve.ts';
import { extractiveReport } from './extractive.ts';
import { renderTurns, type ReportTurn } from './material.ts';
import { combineMessages, partMessages, promptOverhead } from './prompts.ts';

export interface GenerationInput {
  kind: ReportKind;
  language: TextLanguage;
  turns: readonly ReportTurn[];
  duration: number | null;
  /** null: the extractive methods. */
  profile: UsableAiProfile | null;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface GeneratedReport {
  markdown: string;
  method: AiMethod;
}

/** A generation that failed for a reason the report shows (its `error.code`). */
export class ReportGenerationError extends Error {
  readonly code: AiError;
  constructor(code: AiError, message: string) {
    super(message);
    this.code = code;
  }
}

/** Tokens kept for an answer: a quarter of the context, at most this. */
const MAX_ANSWER_TOKENS = 2048;
/** One attempt of one call may take this long (a long answer from a slow local model). */
const CALL_TIMEOUT_MS = 5 * 60_000;

export const answerTokens = (contextTokens: number) => Math.min(MAX_ANSWER_TOKENS, Math.floor(contextTokens / 4));

async function withModel(input: GenerationInput, profile: UsableAiProfile): Promise<string> {
  const { kind, language } = input;
  const answer = answerTokens(profile.model.contextTokens);
  const options: ChatRequestOptions = { fetch: profile.fetch, maxTokens: answer, timeoutMs: CALL_TIMEOUT_MS, ...(input.signal ? { signal: input.signal } : {}) };
  try {
    const markdown = await mapReduce({
      items: input.turns,
      render: renderTurns,
      contextTokens: profile.model.contextTokens,
      promptTokens: estimateTokens(promptOverhead(kind, language)),
      answerTokens: answer,
      map: (text, part, parts) => completeChat(profile.model, partMessages(kind, language, text, part, parts), options),
      reduce: (partials) => completeChat(profile.model, combineMessages(kind, language, partials), options),
      ...(input.onProgress ? { onProgress: (done: number, total: number) => input.onProgress!(total > 0 ? done / total : 0) } : {}),
    });
    if (!markdown.trim()) throw new ReportGenerationError('model_error', 'The model answered nothing');
    return markdown.trim() + '\n';
  } catch (error) {
    if (error instanceof ChatModelError) throw new ReportGenerationError(error.code, error.message);
    throw error;
  }
}

export async function generateReport(input: GenerationInput): Promise<GeneratedReport> {
  if (input.turns.length === 0) throw new ReportGenerationError('empty_transcript', 'The transcript has no words');
  if (input.profile) return { markdown: await withModel(input, input.profile), method: 'model' };
  input.onProgress?.(0.1);
  const markdown = extractiveReport({ kind: input.kind, language: input.language, turns: input.turns, duration: input.duration });
  input.onProgress?.(1);
  return { markdown, method: 'extractive' };
}
