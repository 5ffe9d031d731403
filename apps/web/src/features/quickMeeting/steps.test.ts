import type { QuickMeeting } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { LOADING, nextStep, type QuickStep } from './steps.ts';

const meeting = (source: QuickMeeting['source'] = 'microphone') => ({ _id: 'm1', source }) as QuickMeeting;

describe('quick meeting steps', () => {
  it('starts at the setup of the source when nothing is in progress', () => {
    expect(nextStep(LOADING, { type: 'found', meeting: null }, 'microphone')).toEqual({ step: 'creation' });
    expect(nextStep(LOADING, { type: 'found', meeting: null }, 'videoconference')).toEqual({ step: 'videoconference' });
  });

  it('goes on with a meeting just started elsewhere instead of restoring it', () => {
    expect(nextStep(LOADING, { type: 'found', meeting: meeting('videoconference'), started: true }, 'microphone')).toEqual({ step: 'live', meeting: meeting('videoconference') });
    expect(nextStep(LOADING, { type: 'found', meeting: meeting(), started: true }, 'microphone')).toEqual({ step: 'microphone', meeting: meeting() });
  });

  it('restores a meeting found in progress, then continues it through the microphone step', () => {
    const found = nextStep(LOADING, { type: 'found', meeting: meeting() }, 'microphone');
    expect(found).toEqual({ step: 'restore', meeting: meeting() });
    const micro = nextStep(found, { type: 'continue' }, 'microphone');
    expect(micro).toEqual({ step: 'microphone', meeting: meeting() });
    expect(nextStep(micro, { type: 'microphoneReady' }, 'microphone')).toEqual({ step: 'live', meeting: meeting() });
  });

  it('continues a videoconference meeting straight to live: its bot sends the audio', () => {
    const found = nextStep(LOADING, { type: 'found', meeting: meeting('videoconference') }, 'microphone');
    expect(nextStep(found, { type: 'continue' }, 'microphone')).toEqual({ step: 'live', meeting: meeting('videoconference') });
  });

  it('goes from creation to the microphone step, or to restore when one is already in progress', () => {
    const creation: QuickStep = { step: 'creation' };
    expect(nextStep(creation, { type: 'created', meeting: meeting() }, 'microphone')).toEqual({ step: 'microphone', meeting: meeting() });
    expect(nextStep(creation, { type: 'inProgress', meeting: meeting() }, 'microphone')).toEqual({ step: 'restore', meeting: meeting() });
    expect(nextStep({ step: 'videoconference' }, { type: 'created', meeting: meeting('videoconference') }, 'videoconference')).toEqual({
      step: 'live',
      meeting: meeting('videoconference'),
    });
  });

  it('ends from live or restore, and starts again at the setup', () => {
    const ended = nextStep({ step: 'live', meeting: meeting() }, { type: 'ended', discarded: false, savedConversationId: 'c1' }, 'microphone');
    expect(ended).toEqual({ step: 'ended', discarded: false, savedConversationId: 'c1' });
    expect(nextStep({ step: 'restore', meeting: meeting() }, { type: 'ended', discarded: true, savedConversationId: null }, 'microphone')).toMatchObject({
      step: 'ended',
      discarded: true,
    });
    expect(nextStep(ended, { type: 'again' }, 'microphone')).toEqual({ step: 'creation' });
  });

  it('ignores events that do not belong to the current step', () => {
    const creation: QuickStep = { step: 'creation' };
    expect(nextStep(creation, { type: 'continue' }, 'microphone')).toBe(creation);
    expect(nextStep(creation, { type: 'microphoneReady' }, 'microphone')).toBe(creation);
    expect(nextStep(creation, { type: 'ended', discarded: true, savedConversationId: null }, 'microphone')).toBe(creation);
    expect(nextStep(creation, { type: 'found', meeting: meeting() }, 'microphone')).toBe(creation);
    const live: QuickStep = { step: 'live', meeting: meeting() };
    expect(nextStep(live, { type: 'created', meeting: meeting() }, 'microphone')).toBe(live);
    expect(nextStep(live, { type: 'again' }, 'microphone')).toBe(live);
  });
});
