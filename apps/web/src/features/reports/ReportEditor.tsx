/**
 * Editing a report's Markdown: the text beside its live preview on a wide screen, or as two tabs
 * (write, preview) on a narrow one. Saving makes a new version from the one edited; when another was
 * saved meanwhile the server refuses (409) and the editor offers to reload the current text.
 * Leaving with changes asks first.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { REPORT_MAX_CHARS, type Report } from '@palabre/shared';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { MarkdownView } from '../shared/markdown.ts';
import classes from './Reports.module.css';

interface Props {
  report: Report;
  save: UseMutationResult<Report, Error, { markdown: string; baseVersionId?: string }>;
  /** Fetches the report as it is now. */
  reload: () => Promise<Report | null | undefined>;
  onClose: () => void;
}

export function ReportEditor({ report, save, reload, onClose }: Props) {
  const { t } = useTranslation(['publish', 'common']);
  const errors = useApiErrors();
  const headingId = useId();
  // Known from the first render: a layout switched after it would replace the text field and lose its focus.
  const wide = useMediaQuery('(min-width: 75em)', undefined, { getInitialValueInEffect: false });
  const [original, setOriginal] = useState({ markdown: report.markdown ?? '', versionId: report.versionId });
  const [draft, setDraft] = useState(original.markdown);
  const [shown] = useDebouncedValue(draft, 150);
  const conflict = save.error instanceof ApiError && save.error.code === 'conflict';
  // Opening the editor puts the caret in the text, where the keyboard user meant to go.
  const source = useRef<HTMLTextAreaElement>(null);
  useEffect(() => source.current?.focus(), []);

  const submit = () =>
    save.mutate(
      { markdown: draft, ...(original.versionId ? { baseVersionId: original.versionId } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('publish:report.editor.saved'));
          onClose();
        },
      },
    );

  const reloadCurrent = async () => {
    const current = await reload();
    save.reset();
    if (!current) return onClose();
    setOriginal({ markdown: current.markdown ?? '', versionId: current.versionId });
    setDraft(current.markdown ?? '');
  };

  const cancel = () => {
    if (draft === original.markdown) return onClose();
    modals.openConfirmModal({
      title: t('publish:report.editor.discardTitle'),
      children: <Text size="sm">{t('publish:report.editor.discardText')}</Text>,
      labels: { confirm: t('publish:report.editor.discard'), cancel: t('publish:report.editor.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const input = (
    <Textarea
      label={t('publish:report.editor.label')}
      description={t('publish:report.editor.hint')}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      maxLength={REPORT_MAX_CHARS}
      autosize
      minRows={16}
      maxRows={40}
      classNames={{ input: classes.source }}
      ref={source}
    />
  );
  const preview = (
    <Paper withBorder p="md" radius="sm" className={classes.preview}>
      {shown.trim() ? (
        <MarkdownView markdown={shown} label={t('publish:report.editor.previewLabel')} headingOffset={3} testId="report-edit-preview" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('publish:report.editor.empty')}
        </Text>
      )}
    </Paper>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('publish:report.editor.heading')}
      </Title>
      {wide ? (
        <SimpleGrid cols={2} spacing="md">
          {input}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('publish:report.editor.preview')}
            </Text>
            {preview}
          </Stack>
        </SimpleGrid>
      ) : (
        <Tabs defaultValue="write" keepMounted>
          <Tabs.List>
            <Tabs.Tab value="write">{t('publish:report.editor.write')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('publish:report.editor.preview')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="sm">
            {input}
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="sm">
            {preview}
          </Tabs.Panel>
        </Tabs>
      )}
      {conflict ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('publish:report.editor.conflictTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('publish:report.editor.conflict')}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void reloadCurrent()}>
              {t('publish:report.editor.reload')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('publish:report.editor.failed')} role="alert">
            {errors.message(save.error)}
          </Alert>
        )
      )}
      <Group gap="sm">
        <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={submit} loading={save.isPending} disabled={conflict}>
          {t('publish:report.editor.save')}
        </Button>
        <Button variant="default" onClick={cancel}>
          {t('publish:report.editor.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
