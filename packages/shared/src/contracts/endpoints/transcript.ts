/** Transcript editing for API clients, and the document's history (docs/collaboration.md). */
import { zIdParam, zList } from '../common.ts';
import { zInsertTurnBody, zSnapshot, zSnapshotParams, zSnapshotSummary, zTurnEditResult, zTurnMergeParams, zTurnParams, zUpdateTurnBody } from '../transcript-edit.ts';
import { P, endpoint } from './define.ts';

export const transcriptEndpoints = {
  insertTurn: endpoint({
    method: 'POST',
    path: `${P}/conversations/:id/turns/:turnId`,
    summary: 'Insert a turn after `turnId` ("start": before the first turn), timed between its neighbours (write right)',
    tag: 'transcript',
    auth: true,
    params: zTurnParams,
    body: zInsertTurnBody,
    response: zTurnEditResult,
    status: 201,
  }),
  updateTurn: endpoint({
    method: 'PATCH',
    path: `${P}/conversations/:id/turns/:turnId`,
    summary: "Change a turn's text (the timing rules apply) or speaker (write right)",
    tag: 'transcript',
    auth: true,
    params: zTurnParams,
    body: zUpdateTurnBody,
    response: zTurnEditResult,
  }),
  deleteTurn: endpoint({
    method: 'DELETE',
    path: `${P}/conversations/:id/turns/:turnId`,
    summary: 'Delete a turn (write right)',
    tag: 'transcript',
    auth: true,
    params: zTurnParams,
    response: zTurnEditResult,
  }),
  mergeTurn: endpoint({
    method: 'PATCH',
    path: `${P}/conversations/:id/turns/:turnId/merge/:direction`,
    summary: 'Merge a turn with the next or previous one; refused (`turn_too_long`, 422) when the merged turn would exceed the turn size (write right)',
    tag: 'transcript',
    auth: true,
    params: zTurnMergeParams,
    response: zTurnEditResult,
  }),
  history: endpoint({
    method: 'GET',
    path: `${P}/conversations/:id/history`,
    summary: 'Snapshots of the transcript, newest first (read right)',
    tag: 'transcript',
    auth: true,
    params: zIdParam,
    response: zList(zSnapshotSummary),
  }),
  snapshot: endpoint({
    method: 'GET',
    path: `${P}/conversations/:id/history/:snapshotId`,
    summary: 'One snapshot with its transcript, for a preview (read right)',
    tag: 'transcript',
    auth: true,
    params: zSnapshotParams,
    response: zSnapshot,
  }),
  restore: endpoint({
    method: 'POST',
    path: `${P}/conversations/:id/history/:snapshotId/restore`,
    summary: 'Restore a snapshot into the live document (a snapshot of the current state is taken first, so a restore can be undone by restoring it) (write right)',
    tag: 'transcript',
    auth: true,
    params: zSnapshotParams,
    response: zSnapshotSummary,
  }),
} as const;
