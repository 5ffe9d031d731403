/**
 * The session being written on the create page, kept in this tab's sessionStorage per organization:
 * a reload, a remount or a detour through another page gives the form back as it was. Cleared once
 * the session is created. A stored draft that does not read back as a form is ignored.
 */
import { useCallback, useEffect, useState } from 'react';
import { emptyForm, type SessionForm } from './form.ts';

const key = (organizationId: string) => `palabre.sessionDraft.${organizationId}`;

export function readDraft(organizationId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): SessionForm {
  const empty = emptyForm();
  try {
    const stored: unknown = JSON.parse(storage.getItem(key(organizationId)) ?? 'null');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return empty;
    const draft = { ...empty, ...(stored as Partial<SessionForm>) };
    // The shape may come from an older version of the form: keep it only when its lists are lists.
    return Array.isArray(draft.channels) && draft.channels.length > 0 && Array.isArray(draft.metadata) ? draft : empty;
  } catch {
    return empty;
  }
}

/** The form's state, saved as it changes; `clear` forgets the draft (after creating the session). */
export function useSessionDraft(organizationId: string): [SessionForm, (form: SessionForm) => void, () => void] {
  const [form, setForm] = useState(() => readDraft(organizationId));
  useEffect(() => {
    try {
      sessionStorage.setItem(key(organizationId), JSON.stringify(form));
    } catch {
      // Storage full or disabled: the form still works, without the draft.
    }
  }, [organizationId, form]);
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key(organizationId));
    } catch {
      // Nothing kept to clear.
    }
  }, [organizationId]);
  return [form, setForm, clear];
}
