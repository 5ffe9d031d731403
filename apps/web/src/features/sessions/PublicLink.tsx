/**
 * A public session's link on its settings page: the live page's address with a copy button, and
 * its QR code (drawn as inline SVG) to show on a screen or print, downloadable as PNG or SVG.
 */
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { Session } from '@palabre/shared';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../components/notify.ts';
import { saveFile } from '../publish/api.ts';
import { qrDrawing, qrFileName, qrPng, qrSvg } from './qrCode.ts';
import { CopyField } from './StreamKeys.tsx';
import classes from './Sessions.module.css';

export function PublicLink({ session }: { session: Pick<Session, 'name' | 'publicLink'> }) {
  const { t } = useTranslation('sessions');
  const link = session.publicLink;
  const drawing = useMemo(() => (link ? qrDrawing(link) : null), [link]);
  const [making, setMaking] = useState(false);
  if (!link || !drawing) return null;

  const downloadSvg = () => saveFile(new Blob([qrSvg(drawing)], { type: 'image/svg+xml' }), qrFileName(session.name, 'svg'));
  const downloadPng = async () => {
    setMaking(true);
    try {
      saveFile(await qrPng(link), qrFileName(session.name, 'png'));
    } catch {
      notifyError(t('publicLink.pngFailed'));
    } finally {
      setMaking(false);
    }
  };

  return (
    <Fieldset legend={t('publicLink.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('publicLink.help')}
        </Text>
        <CopyField label={t('publicLink.address')} value={link} copyLabel={t('publicLink.copy')} />
        <Group align="flex-end" gap="md">
          <svg className={classes.qrCode} viewBox={`0 0 ${drawing.size} ${drawing.size}`} role="img" aria-label={t('publicLink.qrLabel', { link })} shapeRendering="crispEdges">
            <rect width={drawing.size} height={drawing.size} fill="#fff" />
            <path d={drawing.path} fill="#000" />
          </svg>
          <Stack gap="xs">
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={making} onClick={() => void downloadPng()}>
              {t('publicLink.downloadPng')}
            </Button>
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={downloadSvg}>
              {t('publicLink.downloadSvg')}
            </Button>
          </Stack>
        </Group>
      </Stack>
    </Fieldset>
  );
}
