import { describe, expect, it } from 'vitest';
import { channelChoices } from './channels.ts';

const unnamed = (n: number) => `Channel ${n}`;

describe('the channel selector', () => {
  it('is hidden for a single-track media', () => {
    expect(channelChoices({ id: 'm', name: 'Meeting' }, [], unnamed)).toBeNull();
    expect(channelChoices({ id: 'm', name: 'Meeting' }, [{ _id: 'c1', name: 'Left' }], unnamed)).toBeNull();
  });

  it('lists the channels of a channel that is open', () => {
    expect(
      channelChoices(
        { id: 'c2', name: 'Right' },
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
    expect(channelChoices({ id: 'm', name: 'Meeting' }, [{ _id: 'c1', name: '' }, { _id: 'c2' }], unnamed)).toEqual([
      { value: 'm', label: 'Meeting' },
      { value: 'c1', label: 'Channel 1' },
      { value: 'c2', label: 'Channel 2' },
    ]);
  });
});
