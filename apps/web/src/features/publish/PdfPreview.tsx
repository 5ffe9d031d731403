/**
 * The PDF preview: the export made with `preview=true`, shown in the page from a blob URL, with a link
 * to open it in its own tab when the browser shows no PDF in a frame. It is made on demand, and says when the
 * choices have changed since, so the user refreshes it when they want.
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { fetchPdfPreview } from './api.ts';
import type { ExportRequest } from './choices.ts';
import classes from './Publish.module.css';

interface Props {
  conversationId: string;
  request: ExportRequest;
  disabled?: boolean;
}

export function PdfPreview({ conversationId, request, disabled }: Props) {
  const { t } = useTranslation('publish');
  const errors = useApiErrors();
  const [shown, setShown] = useState<{ url: string; key: string } | null>(null);
  const key = JSON.stringify(request);
  const load = useMutation({
    mutationFn: () => fetchPdfPreview(conversationId, request),
    onSuccess: (blob) => setShown({ url: URL.createObjectURL(blob), key }),
  });
  // Each preview's memory is given back when the next replaces it or the page closes.
  useEffect(() => (shown ? () => URL.revokeObjectURL(shown.url) : undefined), [shown]);
  const stale = shown !== null && shown.key !== key;

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Button
          variant={shown ? 'default' : 'filled'}
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => load.mutate()}
          loading={load.isPending}
          disabled={disabled}
        >
          {shown ? t('pdf.refresh') : t('pdf.show')}
        </Button>
        {shown && (
          <Anchor href={shown.url} target="_blank" rel="noopener" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {t('pdf.open')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
      <div role="status" aria-live="polite">
        {load.isPending && (
          <Text size="sm" c="dimmed">
            {t('pdf.loading')}
          </Text>
        )}
        {stale && !load.isPending && (
          <Text size="sm" c="orange.8">
            {t('pdf.stale')}
          </Text>
        )}
      </div>
      {load.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('pdf.failed')} role="alert">
          {errors.message(load.error)}
        </Alert>
      )}
      {shown ? (
        <>
          <iframe src={shown.url} title={t('pdf.label')} className={classes.pdf} data-testid="pdf-preview" />
          <Text size="xs" c="dimmed">
            {t('pdf.fallback')}
          </Text>
        </>
      ) : (
        !load.isPending && (
          <Text size="sm" c="dimmed">
            {t('pdf.intro')}
          </Text>
        )
      )}
    </Stack>
  );
}
