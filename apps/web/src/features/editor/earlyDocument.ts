/**
 * The transcript's live document opened as soon as the editor's route is matched, beside the route's
 * checks and the page's code: the socket's handshake, the join and the document's state (most of the
 * time to open a long transcript) no longer wait for the page to mount. The server checks the
 * caller's right on join before it sends any of the document, as for every join. The page takes the
 * client when it mounts (useCollabDocument.ts); one that no page takes soon is closed.
 */
import type { DocRef } from '@palabre/shared';
import * as Y from 'yjs';
import { CollabClient } from './collabClient.ts';

/** Longer than any route check: past it, the navigation went elsewhere. */
const UNCLAIMED_MS = 15_000;

let early: { key: string; client: CollabClient; timer: ReturnType<typeof setTimeout> } | null = null;
/** Documents a mounted page holds (opening one of them early would only join it twice). */
const mounted = new Map<string, number>();

const keyOf = (ref: DocRef) => `${ref.conversationId}/${ref.subtitleId ?? ''}`;

/** Starts joining the document, unless it is already being joined early or a page holds it. */
export function openEarly(ref: DocRef): void {
  const key = keyOf(ref);
  if (early?.key === key || mounted.has(key)) return;
  dropEarly();
  early = { key, client: new CollabClient(ref, new Y.Doc()), timer: setTimeout(dropEarly, UNCLAIMED_MS) };
}

/** Resolves once the document opened early holds the server's state, or its join failed (at once when none is open). */
export function earlySettled(): Promise<void> {
  const client = early?.client;
  if (!client) return Promise.resolve();
  return new Promise((resolve) => {
    const settled = () => client.getStatus().synced || client.getStatus().problem !== null;
    if (settled()) return resolve();
    const unsubscribe = client.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The page's client for a document: the one opened early when there is one, else a new one. */
export function acquireClient(ref: DocRef): CollabClient {
  const key = keyOf(ref);
  mounted.set(key, (mounted.get(key) ?? 0) + 1);
  if (early?.key !== key) return new CollabClient(ref, new Y.Doc());
  const { client, timer } = early;
  clearTimeout(timer);
  early = null;
  return client;
}

/** The page is done with its client: closed, with its document. */
export function releaseClient(ref: DocRef, client: CollabClient): void {
  const key = keyOf(ref);
  const count = (mounted.get(key) ?? 1) - 1;
  if (count > 0) mounted.set(key, count);
  else mounted.delete(key);
  client.close();
  client.doc.destroy();
}

function dropEarly(): void {
  if (!early) return;
  clearTimeout(early.timer);
  early.client.close();
  early.client.doc.destroy();
  early = null;
}
