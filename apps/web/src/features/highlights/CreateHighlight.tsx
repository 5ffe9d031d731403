/** Adding a highlight on the selected words (the editor's "Highlight" action), loaded on first use. */
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify.ts';
import { useEditorSession } from '../editor/session.ts';
import { useHighlightMutations } from './api.ts';
import { setCurrentHighlight } from './current.ts';
import { HighlightForm } from './HighlightForm.tsx';
import type { SelectedWords } from './selection.ts';

export default function CreateHighlight({ words, onClose }: { words: SelectedWords; onClose(): void }) {
  const { t } = useTranslation('highlights');
  const { conversationId, organizationId } = useEditorSession();
  const { create } = useHighlightMutations(conversationId);
  return (
    <HighlightForm
      title={t('form.createTitle')}
      text={words.text}
      organizationId={organizationId}
      pending={create.isPending}
      error={create.error}
      onSubmit={(fields) =>
        create.mutate(
          { anchor: words.anchor, ...fields },
          {
            onSuccess: (highlight) => {
              setCurrentHighlight(highlight._id);
              notifySuccess(t('created'));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
