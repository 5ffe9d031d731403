/** A channel's videoconference bots, their status, and sending one (docs/meetings.md). */
export interface BotPanelProps {
  organizationId: string;
  sessionId: string;
  channelId: string;
}

export function BotPanel(_props: BotPanelProps) {
  return null;
}
