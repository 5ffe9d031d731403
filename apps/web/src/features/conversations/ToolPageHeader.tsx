/** The head of a media tool's page (subtitles, publish): the way back to the media, the tool's title and the media's name. */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';

export function ToolPageHeader({ conversationId, back, title, mediaName }: { conversationId: string; back: string; title: string; mediaName: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Anchor component={Link} to={paths.conversation(conversationId)} size="sm" w="fit-content">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {back}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {mediaName}
      </Text>
    </Stack>
  );
}
