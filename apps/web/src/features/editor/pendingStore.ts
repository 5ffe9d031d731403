/**
 * Local edits the server has not acknowledged yet, kept in this tab's sessionStorage so a reload (or
 * a crash of the page) does not lose them: the next page merges them into the document on join.
 * Yjs updates are idempotent, so keeping one a little longer than needed is harmless.
 */
import type { DocRef } from '@palabre/shared';
import * as Y from 'yjs';

const key = (ref: DocRef) => `palabre.editor.pending.${ref.conversationId}${ref.subtitleId ? `.${ref.subtitleId}` : ''}`;

export function savePending(ref: DocRef, updates: Uint8Array[]) {
  try {
    const merged = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
    let binary = '';
    for (let i = 0; i < merged.length; i += 0x8000) binary += String.fromCharCode(...merged.subarray(i, i + 0x8000));
    sessionStorage.setItem(key(ref), btoa(binary));
  } catch {
    // Storage full or unavailable: the edits stay in memory and are sent on reconnect all the same.
  }
}

export function loadPending(ref: DocRef): Uint8Array | null {
  try {
    const stored = sessionStorage.getItem(key(ref));
    if (!stored) return null;
    const binary = atob(stored);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

export function clearPending(ref: DocRef) {
  try {
    sessionStorage.removeItem(key(ref));
  } catch {
    // Nothing stored.
  }
}
