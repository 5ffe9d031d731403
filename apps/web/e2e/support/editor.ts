/** The transcript editor in e2e tests: its translations, a media with a given transcript, and the turns' text. */
import fs from 'node:fs';
import path from 'node:path';
import { RIGHT_LEVELS } from '@palabre/shared';
import type { Page } from '@playwright/test';
import { newAccount, uniqueName, type Api, type SignedInAccount } from './api.ts';
import { REPO_ROOT } from './env.ts';
import { expect } from './fixtures.ts';
import { createMedia, silentWav } from './media.ts';

export type Locale = 'en-US' | 'fr-FR';
export const LOCALES: Locale[] = ['en-US', 'fr-FR'];

/** A translation of the web client (namespace:dotted.key), with {{name}} values filled in. */
export function tr(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  const file = path.join(REPO_ROOT, 'apps/web/src/i18n', locale, `${namespace}.json`);
  const value = dotted.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], JSON.parse(fs.readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`no translation ${key} in ${locale}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name]));
}

export interface Speaker {
  speaker_id: string;
  speaker_name: string;
}

export interface EditorMedia {
  id: string;
  owner: SignedInAccount;
  organizationId: string;
}

/** A new owner (speaking `locale`) and organization, with a silent media of `seconds` whose transcript is `text`. */
export async function mediaWithTranscript(
  api: Api,
  prefix: string,
  locale: Locale,
  transcript: { speakers: Speaker[]; text: unknown[] },
  options: { membersRight?: number; seconds?: number } = {},
): Promise<EditorMedia> {
  const owner = await api.signUp(newAccount(prefix));
  const token = owner.tokens.auth_token;
  await api.send('PUT', '/cm-api/api/users/self', { locale }, token);
  const organization = await api.createOrganization(token, uniqueName(`${prefix} org`));
  const id = await createMedia(api, token, organization._id, `${prefix} media`, {
    file: silentWav(options.seconds ?? 20),
    membersRight: options.membersRight ?? RIGHT_LEVELS.read,
  });
  await api.send('PATCH', `/cm-api/api/conversations/${id}`, transcript, token);
  return { id, owner, organizationId: organization._id };
}

/** Opens a media's transcription and waits until the editor is in sync and painted. */
export async function openEditor(page: Page, id: string) {
  await page.goto(`/interface/conversations/${id}/transcription`);
  await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
}

export const turnText = (page: Page, id: string) => page.locator(`[data-turn-id="${id}"] [data-turn-text]`);

/** Puts the caret at a text offset of a turn (its text nodes hold exactly the turn's text). */
export async function caretAt(page: Page, turnId: string, offset: number) {
  await turnText(page, turnId).click();
  await turnText(page, turnId).evaluate((element, at) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let left = at;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent?.length ?? 0;
      if (left <= length) {
        document.getSelection()!.collapse(node, left);
        return;
      }
      left -= length;
    }
  }, offset);
}

/** The media element the editor's player drives. */
export const mediaAudio = (page: Page) => page.getByTestId('media-audio');

export const currentTime = (page: Page) => mediaAudio(page).evaluate((audio: HTMLAudioElement) => audio.currentTime);
