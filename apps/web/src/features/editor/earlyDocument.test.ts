import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the collaboration client: records which documents were opened and closed. */
class FakeClient {
  static made: FakeClient[] = [];
  closed = false;
  destroyed = false;
  status = { synced: false, problem: null as null | { kind: string } };
  readonly listeners = new Set<() => void>();
  getStatus = () => this.status;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  settle(status: Partial<FakeClient['status']>) {
    this.status = { ...this.status, ...status };
    for (const listener of this.listeners) listener();
  }
  readonly doc = { destroy: () => (this.destroyed = true) };
  readonly ref: { conversationId: string; subtitleId?: string };
  constructor(ref: { conversationId: string; subtitleId?: string }) {
    this.ref = ref;
    FakeClient.made.push(this);
  }
  close() {
    this.closed = true;
  }
}
vi.mock('./collabClient.ts', () => ({ CollabClient: FakeClient }));

const { acquireClient, earlySettled, openEarly, releaseClient } = await import('./earlyDocument.ts');

const A = { conversationId: 'a' };
const B = { conversationId: 'b' };

describe('the document opened early by the route', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeClient.made = [];
  });
  afterEach(() => {
    // Leaves nothing behind for the next test (an unclaimed client is closed after its delay).
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('is the one the page takes: the document is joined once', () => {
    openEarly(A);
    openEarly(A);
    expect(FakeClient.made).toHaveLength(1);
    const client = acquireClient(A);
    expect(client).toBe(FakeClient.made[0]);
    expect(FakeClient.made).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeClient.made[0]!.closed).toBe(false);
    releaseClient(A, client);
    expect(FakeClient.made[0]).toMatchObject({ closed: true, destroyed: true });
  });

  it('is not taken for another document, and is closed when nobody takes it', () => {
    openEarly(A);
    const other = acquireClient(B);
    expect(FakeClient.made).toHaveLength(2);
    expect(other).toBe(FakeClient.made[1]);
    vi.advanceTimersByTime(15_000);
    expect(FakeClient.made[0]).toMatchObject({ closed: true, destroyed: true });
    expect(FakeClient.made[1]!.closed).toBe(false);
    releaseClient(B, other);
    // Taken after it was closed: the page gets a client of its own.
    const late = acquireClient(A);
    expect(late).toBe(FakeClient.made[2]);
    releaseClient(A, late);
  });

  it('opening another document early closes the first one', () => {
    openEarly(A);
    openEarly(B);
    expect(FakeClient.made[0]!.closed).toBe(true);
    const client = acquireClient(B);
    expect(client).toBe(FakeClient.made[1]);
    releaseClient(B, client);
  });

  it('is not opened for a document a mounted page already holds', () => {
    const held = acquireClient(A);
    openEarly(A);
    expect(FakeClient.made).toHaveLength(1);
    releaseClient(A, held);
    openEarly(A);
    expect(FakeClient.made).toHaveLength(2);
  });

  it("settles once the document holds the server's state, or its join failed", async () => {
    let settled = false;
    await earlySettled();
    openEarly(A);
    void earlySettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    FakeClient.made[0]!.settle({ synced: true });
    await Promise.resolve();
    expect(settled).toBe(true);
    expect(FakeClient.made[0]!.listeners.size).toBe(0);

    openEarly(B);
    const failed = earlySettled();
    FakeClient.made[1]!.settle({ problem: { kind: 'join_failed' } });
    await failed;
  });
});
