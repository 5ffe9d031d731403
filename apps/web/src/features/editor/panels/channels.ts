/** The choices of the channel selector: the channels (children) of a multi-track media. */
export interface ChannelChoice {
  value: string;
  label: string;
}

/**
 * null when there is nothing to choose (a single-track media). The open media comes first when it
 * is not one of the channels (the multi-track parent itself), so the selector shows where the user is.
 * A channel without a name is numbered (`unnamed(n)`).
 */
export function channelChoices(
  open: { id: string; name: string },
  channels: { _id: string; name?: string | undefined }[],
  unnamed: (number: number) => string,
): ChannelChoice[] | null {
  if (channels.length < 2) return null;
  const choices = channels.map((channel, index) => ({ value: channel._id, label: channel.name || unnamed(index + 1) }));
  return channels.some((c) => c._id === open.id) ? choices : [{ value: open.id, label: open.name }, ...choices];
}
