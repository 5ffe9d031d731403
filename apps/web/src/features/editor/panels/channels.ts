/** The choices of the channel selector: the children of a media (its channels, its translations). */
export interface ChannelChoice {
  value: string;
  label: string;
}

/**
 * null when there is nothing to choose (a media without children). The open media comes first when
 * it is not one of the children (the parent itself), so the selector shows where the user is. A
 * child that is its parent's only one (a single-channel session's translation) lists the parent
 * first, once its name is known, so the user can go back to it. A child without a name is numbered
 * (`unnamed(n)`).
 */
export function channelChoices(
  open: { id: string; name: string },
  parent: { id: string; name: string } | null,
  channels: { _id: string; name?: string | undefined }[],
  unnamed: (number: number) => string,
): ChannelChoice[] | null {
  if (channels.length === 0) return null;
  const choices = channels.map((channel, index) => ({ value: channel._id, label: channel.name || unnamed(index + 1) }));
  if (!channels.some((c) => c._id === open.id)) return [{ value: open.id, label: open.name }, ...choices];
  if (channels.length > 1) return choices;
  return parent ? [{ value: parent.id, label: parent.name }, ...choices] : null;
}
