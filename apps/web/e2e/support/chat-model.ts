/**
 * The engines' test server that speaks the OpenAI-compatible chat protocol on 127.0.0.1
 * (packages/engines/test/support/chat-model-server.ts), loaded from its file at run time: the web
 * client's code imports only @palabre/shared, so the specs reach it by path rather than by import.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './env.ts';

export type ChatModelStep = { kind: 'reply'; text?: string } | { kind: 'status'; status: number; retryAfter?: number } | { kind: 'hang' } | { kind: 'cut'; afterChunks: number };

export interface ChatModelServer {
  /** http://127.0.0.1:PORT/v1 */
  url: string;
  requests: Array<{ path: string; body: unknown }>;
  /** Behaviours of the next requests, first in first out (default: a reply derived from the prompt). */
  script(...steps: ChatModelStep[]): void;
  close(): Promise<void>;
}

export async function startChatModelServer(options: { models?: string[] } = {}): Promise<ChatModelServer> {
  const file = pathToFileURL(path.join(REPO_ROOT, 'packages/engines/test/support/chat-model-server.ts')).href;
  const { startChatModelServer: start } = (await import(file)) as { startChatModelServer: (options: { models?: string[] }) => Promise<ChatModelServer> };
  return start(options);
}
