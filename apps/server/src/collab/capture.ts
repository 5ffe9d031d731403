/** What a change did to a document: the update it made, and which turns it touched. */
import * as Y from 'yjs';
import { widen, type ChangeScope } from './validation.ts';

/** Runs `apply` and answers the update it made to `doc` with `origin` (null: it changed nothing). */
export function capture(doc: Y.Doc, origin: unknown, apply: () => void): Uint8Array | null {
  return captureScoped(doc, origin, apply).update;
}

/** As capture, with what the change touched (validation.ts). */
export function captureScoped(doc: Y.Doc, origin: unknown, apply: () => void): { update: Uint8Array | null; scope: ChangeScope } {
  const updates: Uint8Array[] = [];
  let scope: ChangeScope | undefined;
  const listener = (update: Uint8Array, from: unknown) => {
    if (from === origin) updates.push(update);
  };
  const transactions = (transaction: Y.Transaction) => {
    if (transaction.origin === origin) scope = widen(scope, transaction, doc);
  };
  doc.on('update', listener);
  doc.on('afterTransaction', transactions);
  try {
    apply();
  } finally {
    doc.off('update', listener);
    doc.off('afterTransaction', transactions);
  }
  const update = updates.length === 0 ? null : updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
  return { update, scope: scope === undefined ? new Set() : scope };
}

/** Parts of an update the document could not integrate (it references changes it never received). */
export function pendingOf(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}
