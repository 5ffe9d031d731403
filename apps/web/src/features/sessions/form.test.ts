import type { Session, SessionTemplate } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import {
  applyTemplate,
  createBody,
  emptyForm,
  errorsAfterChange,
  formFromSession,
  fromLocalInput,
  patchBody,
  templateBody,
  toLocalInput,
  validateForm,
  type SessionForm,
} from './form.ts';

const PROFILE = '11111111-1111-4111-8111-111111111111';
const NOW = new Date(2026, 10, 26, 12, 0);

function filled(): SessionForm {
  return {
    ...emptyForm(),
    name: 'Council',
    channels: [
      { name: 'Floor', transcriberProfileId: PROFILE, languages: ['fr'], translations: ['en'], diarization: true },
      { name: 'English', transcriberProfileId: PROFILE, languages: ['en'], translations: [], diarization: false },
    ],
  };
}

const template: SessionTemplate = {
  _id: '22222222-2222-4222-8222-222222222222',
  organizationId: 'o',
  name: 'Weekly',
  owner: null,
  created: '',
  settings: {
    channels: [{ name: 'Main', transcriberProfileId: PROFILE, languages: ['en'], translations: [], diarization: false }],
    visibility: 'public',
    anonymousAccess: true,
    diarization: true,
    keepAudio: false,
    liveTranscription: true,
    autoStart: false,
    autoEnd: false,
    metadata: [{ key: 'room', value: 'A' }],
    watermark: { enabled: true, text: 'Palabre', frequency: 300, duration: 5, pinned: false },
  },
};

describe('the form defaults', () => {
  it('start with one channel, the organization visibility and the watermark defaults', () => {
    const form = emptyForm();
    expect(form.channels).toHaveLength(1);
    expect(form.visibility).toBe('internal');
    expect(form.keepAudio).toBe(true);
    expect(form.watermark).toMatchObject({ frequency: 600, duration: 10, pinned: false });
  });
});

describe('createBody', () => {
  it('sends the channels, the schedule in UTC and the alias when typed', () => {
    const body = createBody({ ...filled(), scheduleOn: '2026-12-01T09:30', alias: ' council-1 ' });
    expect(body.channels).toHaveLength(2);
    expect(body.scheduleOn).toBe(new Date(2026, 11, 1, 9, 30).toISOString());
    expect(body.endOn).toBeNull();
    expect(body.alias).toBe('council-1');
  });

  it('leaves anonymous access off unless the session is public', () => {
    expect(createBody({ ...filled(), visibility: 'internal', anonymousAccess: true }).anonymousAccess).toBe(false);
    expect(createBody({ ...filled(), visibility: 'public', anonymousAccess: true }).anonymousAccess).toBe(true);
    expect(createBody(filled())).not.toHaveProperty('alias');
  });
});

describe('templates', () => {
  it('apply their settings and keep the name, schedule and alias typed', () => {
    const form = applyTemplate({ ...filled(), scheduleOn: '2026-12-01T09:30', alias: 'x' }, template);
    expect(form).toMatchObject({ name: 'Council', scheduleOn: '2026-12-01T09:30', alias: 'x', visibility: 'public', keepAudio: false });
    expect(form.channels.map((c) => c.name)).toEqual(['Main']);
    expect(form.watermark.frequency).toBe(300);
  });

  it('save the settings under a name, without schedule or alias', () => {
    const body = templateBody({ ...filled(), scheduleOn: '2026-12-01T09:30', alias: 'x' }, 'Mine');
    expect(body.name).toBe('Mine');
    expect(body).not.toHaveProperty('scheduleOn');
    expect(body).not.toHaveProperty('alias');
  });
});

describe('validateForm', () => {
  it('accepts a complete form', () => {
    expect(validateForm(filled(), NOW)).toEqual({});
  });

  it('names each broken field with the contract key', () => {
    const errors = validateForm(
      { ...filled(), name: '', channels: [{ name: 'A', transcriberProfileId: null, languages: [], translations: [], diarization: false }], alias: 'no spaces' },
      NOW,
    );
    expect(errors).toMatchObject({
      name: 'error.required',
      'channels.0.transcriberProfileId': 'error.required',
      'channels.0.languages': 'error.required',
      alias: 'error.invalid_alias',
    });
  });

  it('refuses duplicate channel names and no channel at all', () => {
    const [first] = filled().channels;
    expect(validateForm({ ...filled(), channels: [first!, { ...first!, name: 'FLOOR' }] }, NOW)).toEqual({ 'channels.1.name': 'error.name_exists' });
    expect(validateForm({ ...filled(), channels: [] }, NOW)).toEqual({ channels: 'error.channel_required' });
  });

  it('applies the schedule rules', () => {
    expect(validateForm({ ...filled(), scheduleOn: '2026-11-25T10:00' }, NOW)).toEqual({ scheduleOn: 'error.date_in_past' });
    expect(validateForm({ ...filled(), scheduleOn: '2026-12-02T10:00', endOn: '2026-12-01T10:00' }, NOW)).toEqual({ endOn: 'error.end_before_start' });
    expect(validateForm({ ...filled(), autoStart: true, autoEnd: true }, NOW)).toEqual({ scheduleOn: 'error.required', endOn: 'error.required' });
  });
});

describe('errorsAfterChange', () => {
  it('drops the error of a field once it is filled, and keeps the others', () => {
    const broken: SessionForm = { ...filled(), name: '', channels: [{ name: 'A', transcriberProfileId: null, languages: [], translations: [], diarization: false }] };
    const errors = validateForm(broken, NOW);
    expect(errors).toMatchObject({ name: 'error.required', 'channels.0.transcriberProfileId': 'error.required' });

    const named = { ...broken, name: 'Council' };
    const afterName = errorsAfterChange(errors, broken, named);
    expect(afterName).not.toHaveProperty('name');
    expect(afterName).toMatchObject({ 'channels.0.transcriberProfileId': 'error.required', 'channels.0.languages': 'error.required' });

    const profiled = { ...named, channels: [{ ...named.channels[0]!, transcriberProfileId: PROFILE }] };
    const afterProfile = errorsAfterChange(afterName, named, profiled);
    expect(afterProfile).not.toHaveProperty(['channels.0.transcriberProfileId']);
    expect(afterProfile).toHaveProperty(['channels.0.languages'], 'error.required');
    // A change elsewhere leaves the errors as they are.
    expect(errorsAfterChange(afterProfile, profiled, { ...profiled, alias: 'council' })).toEqual(afterProfile);
  });
});

describe('a session and its changes', () => {
  const scheduleOn = new Date(2026, 10, 20, 9, 0).toISOString();
  const session = {
    _id: 's',
    organizationId: 'o',
    name: 'Council',
    status: 'scheduled',
    visibility: 'private',
    anonymousAccess: false,
    alias: 'council',
    diarization: false,
    keepAudio: true,
    liveTranscription: true,
    scheduleOn,
    endOn: null,
    autoStart: false,
    autoEnd: false,
    metadata: [],
    watermark: { enabled: false, text: '', frequency: 600, duration: 10, pinned: false },
    channels: [
      {
        _id: 'c',
        index: 0,
        name: 'Floor',
        transcriberProfileId: PROFILE,
        profileName: 'P',
        languages: ['fr'],
        translations: [],
        diarization: false,
        streamStatus: 'inactive',
        transcriberStatus: 'idle',
        streamKey: 'k',
      },
    ],
  } as unknown as Session;

  it('reads back into the form in local time', () => {
    const form = formFromSession(session);
    expect(form).toMatchObject({ name: 'Council', alias: 'council', visibility: 'private', scheduleOn: toLocalInput(scheduleOn) });
    expect(form.channels).toEqual([{ name: 'Floor', transcriberProfileId: PROFILE, languages: ['fr'], translations: [], diarization: false }]);
    expect(fromLocalInput(form.scheduleOn)?.toISOString()).toBe(scheduleOn);
  });

  it('keeps a past planned time unchecked and unsent when left as it was', () => {
    const form = formFromSession(session);
    expect(validateForm(form, NOW, session)).toEqual({});
    expect(patchBody(form, session)).not.toHaveProperty('scheduleOn');
    expect(patchBody({ ...form, endOn: '2026-12-01T10:00' }, session).endOn).toBe(new Date(2026, 11, 1, 10).toISOString());
  });

  it('sends the channels only while the session is scheduled', () => {
    const form = formFromSession(session);
    expect(patchBody(form, session).channels).toHaveLength(1);
    expect(patchBody(form, { ...session, status: 'pending' })).not.toHaveProperty('channels');
  });
});
