/**
 * A secret shown this once (an API key, a webhook's signing secret), right after it was made: a
 * warning that it will not be shown again, the value selected on focus with a copy button, how to
 * use it, and the button that closes it.
 */
import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './SecretRevealModal.module.css';

export interface SecretRevealLabels {
  title: string;
  onceTitle?: string | undefined;
  once: string;
  field: string;
  copy: string;
  copied: string;
  usage: string;
  done: string;
}

export function SecretRevealModal({ secret, labels, onClose, testId }: { secret: string | null; labels: SecretRevealLabels; onClose: () => void; testId?: string }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={labels.title} centered size="lg">
      {secret !== null && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={labels.onceTitle}>
            {labels.once}
          </Alert>
          <TextInput
            label={labels.field}
            value={secret}
            readOnly
            classNames={{ input: classes.secret }}
            onFocus={(event) => event.currentTarget.select()}
            data-testid={testId}
            rightSection={
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <ActionIcon variant="subtle" color={copied ? 'green' : undefined} onClick={copy} aria-label={copied ? labels.copied : labels.copy}>
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                )}
              </CopyButton>
            }
          />
          <Text size="sm" c="dimmed">
            {labels.usage}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {labels.done}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
