import { describe, expect, it } from 'vitest';
import { channelChoices } from './channels.ts';

const unnamed = (n: number) => `Channel ${n}`;

describe('the channel selector', () => {
  it('is hidden for a media without children', () => {
    expect(channelChoices({ id: 'm', name: 'Meeting' }, null, [], unnamed)).toBeNull();
  });

  it('moves between a media and its only child (a translation), the parent first', () => {
    const translation = [{ _id: 't', name: 'Floor (français)' }];
    expect(channelChoices({ id: 'm', name: 'Meeting' }, null, translation, unnamed)).toEqual([
      { value: 'm', label: 'Meeting' },
      { value: 't', label: 'Floor (français)' },
    ]);
    expect(channelChoices({ id: 't', name: 'Floor (français)' }, { id: 'm', name: 'Meeting' }, translation, unnamed)).toEqual([
      { value: 'm', label: 'Meeting' },
      { value: 't', label: 'Floor (français)' },
    ]);
    // Until the parent's name is known.
    expect(channelChoices({ id: 't', name: 'Floor (français)' }, null, translation, unnamed)).toBeNull();
  });

  it('lists the channels of a channel that is open', () => {
    expect(
      channelChoices(
        { id: 'c2', name: 'Right' },
        { id: 'm', name: 'Meeting' },
        [
          { _id: 'c1', name: 'Left' },
          { _id: 'c2', name: 'Right' },
        ],
        unnamed,
      ),
    ).toEqual([
      { value: 'c1', label: 'Left' },
      { value: 'c2', label: 'Right' },
    ]);
  });

  it('puts the multi-track media first when it is the one open, and numbers unnamed channels', () => {
    expect(channelChoices({ id: 'm', name: 'Meeting' }, null, [{ _id: 'c1', name: '' }, { _id: 'c2' }], unnamed)).toEqual([
      { value: 'm', label: 'Meeting' },
      { value: 'c1', label: 'Channel 1' },
      { value: 'c2', label: 'Channel 2' },
    ]);
  });
});
