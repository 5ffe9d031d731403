/**
 * Transcript editing for API clients and the document's history. Every edit goes through the media's
 * live document (`ctx.documents`), the same one open editors hold, so they see it at once.
 */
import crypto from 'node:crypto';
import { RIGHT, type zInsertTurnBody, type zUpdateTurnBody, type SnapshotSummary, type Snapshot } from '@palabre/shared';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { ChangeAuthor } from '../collab/types.ts';
import { access, rightOn } from '../conversations/service.ts';
import { conversationsRepo, type MediaFacts } from '../conversations/repo.ts';
import type { Actor } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { transcriptEditAccess } from '../policy.ts';
import * as edits from './edits.ts';
import { requireTranscript } from './patch.ts';
import type { TurnEditResult } from './presenter.ts';

const authorOf = (actor: Actor): ChangeAuthor => ({ userId: actor.user.id });

/** A media the caller may edit the transcript of; anyone else is told it does not exist. */
async function editable(ctx: AppContext, actor: Actor, id: string): Promise<MediaFacts> {
  const row = await conversationsRepo.facts(ctx.db, id);
  if (!row || transcriptEditAccess(await rightOn(ctx, actor, row)) !== 'allowed') throw notFound('Conversation');
  requireTranscript(row);
  return row;
}

export async function insertTurn(ctx: AppContext, actor: Actor, id: string, afterTurnId: string, body: z.output<typeof zInsertTurnBody>): Promise<TurnEditResult> {
  const row = await editable(ctx, actor, id);
  return ctx.documents.change(row.id, authorOf(actor), (doc) => edits.insertTurn(doc, afterTurnId, body, () => crypto.randomUUID()));
}

export async function updateTurn(ctx: AppContext, actor: Actor, id: string, turnId: string, body: z.output<typeof zUpdateTurnBody>): Promise<TurnEditResult> {
  const row = await editable(ctx, actor, id);
  return ctx.documents.change(row.id, authorOf(actor), (doc) => edits.updateTurn(doc, turnId, body));
}

export async function deleteTurn(ctx: AppContext, actor: Actor, id: string, turnId: string): Promise<TurnEditResult> {
  const row = await editable(ctx, actor, id);
  return ctx.documents.change(row.id, authorOf(actor), (doc) => edits.removeTurn(doc, turnId));
}

export async function mergeTurn(ctx: AppContext, actor: Actor, id: string, turnId: string, direction: 'next' | 'previous'): Promise<TurnEditResult> {
  const row = await editable(ctx, actor, id);
  return ctx.documents.change(row.id, authorOf(actor), (doc) => edits.mergeTurns(doc, turnId, direction));
}

/** The media's snapshots, newest first (read right). */
export async function history(ctx: AppContext, actor: Actor, id: string): Promise<{ count: number; list: SnapshotSummary[] }> {
  const { row } = await access(ctx, actor, id, RIGHT.READ);
  const list = await ctx.documents.history(row.id);
  return { count: list.length, list };
}

/** One snapshot with its transcript, for a preview (read right). */
export async function snapshot(ctx: AppContext, actor: Actor, id: string, snapshotId: string): Promise<Snapshot> {
  const { row } = await access(ctx, actor, id, RIGHT.READ);
  const found = await ctx.documents.snapshot(row.id, snapshotId);
  if (!found) throw notFound('Snapshot');
  return found;
}

/** Restores a snapshot into the live document; answers the snapshot taken of the state it replaced. */
export async function restore(ctx: AppContext, actor: Actor, id: string, snapshotId: string): Promise<SnapshotSummary> {
  const row = await editable(ctx, actor, id);
  const before = await ctx.documents.restore(row.id, snapshotId, authorOf(actor));
  if (!before) throw notFound('Snapshot');
  return before;
}
