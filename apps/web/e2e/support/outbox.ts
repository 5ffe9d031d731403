/** The development outbox: without SMTP the server writes each mail as <dataDir>/outbox/*.json. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  file: string;
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      try {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Omit<OutboxMail, 'file'>;
        return [{ ...mail, file: f }];
      } catch {
        return []; // still being written
      }
    });
}

/** Waits for the newest mail to an address whose subject matches; `after` skips mails already seen. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, options: { after?: OutboxMail[]; timeout?: number } = {}): Promise<OutboxMail> {
  const seen = new Set((options.after ?? []).map((m) => m.file));
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox(dataDir)
          .filter((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject) && !seen.has(m.file))
          .at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: options.timeout ?? 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail that points to the given path on the server. */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
  if (!match) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}":\n${mail.text}`);
  return match;
}
