import { describe, expect, it } from 'vitest';
import { createRecoveryLookup } from './recovery.ts';

const inProgress = (organizationId: string, meetingId = `meeting-of-${organizationId}`) => ({ organizationId, meetingId });

function setup(answers: Array<ReturnType<typeof inProgress> | null | Error>) {
  let user: string | null = 'u1';
  let asked = 0;
  const lookup = createRecoveryLookup(
    () => {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? null);
    },
    () => user,
  );
  return { lookup, asked: () => asked, signIn: (id: string | null) => (user = id) };
}

describe('the recovery lookup', () => {
  it('asks once, and offers a meeting once: the user may then go elsewhere', async () => {
    const { lookup, asked } = setup([inProgress('org-1')]);
    expect(await lookup.organization()).toBe('org-1');
    expect(await lookup.organization()).toBeNull();
    expect(asked()).toBe(1);
  });

  it('does not offer a meeting the user created or opened on this page', async () => {
    const { lookup } = setup([inProgress('org-1', 'm1'), inProgress('org-1', 'm2')]);
    lookup.offered('m1');
    expect(await lookup.organization()).toBeNull();
    lookup.forget();
    expect(await lookup.organization()).toBe('org-1');
  });

  it("asks ahead without offering: the guard's later question finds the answer", async () => {
    const { lookup, asked } = setup([inProgress('org-1')]);
    lookup.askAhead();
    lookup.askAhead();
    expect(asked()).toBe(1);
    expect(await lookup.organization()).toBe('org-1');
    expect(await lookup.organization()).toBeNull();
    expect(asked()).toBe(1);
  });

  it('shares one question between navigations that come at once', async () => {
    const { lookup, asked } = setup([null]);
    const [a, b] = await Promise.all([lookup.organization(), lookup.organization()]);
    expect([a, b]).toEqual([null, null]);
    expect(asked()).toBe(1);
  });

  it('reads a failed lookup as no meeting', async () => {
    const { lookup } = setup([new Error('offline')]);
    expect(await lookup.organization()).toBeNull();
  });

  it('asks again once forgotten (a meeting created or ended) and for another user', async () => {
    const { lookup, asked, signIn } = setup([inProgress('org-1'), null, inProgress('org-2')]);
    expect(await lookup.organization()).toBe('org-1');
    lookup.forget();
    expect(await lookup.organization()).toBeNull();
    signIn('u2');
    expect(await lookup.organization()).toBe('org-2');
    expect(asked()).toBe(3);
  });

  it('does not keep an answer asked for before it was forgotten', async () => {
    const { lookup, asked } = setup([inProgress('org-1'), null]);
    const stale = lookup.organization();
    lookup.forget();
    expect(await stale).toBe('org-1');
    expect(await lookup.organization()).toBeNull();
    expect(asked()).toBe(2);
  });
});
