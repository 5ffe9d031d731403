/**
 * Outgoing mail. With SMTP configured, mails go through nodemailer. Without it they go to a
 * development outbox: written under <data>/outbox (the log names the file, never the links), so that
 * a person on a laptop can still follow a magic link or a password reset.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../context.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The most recent mails (kept in memory, newest last). */
  readonly recent: Mail[];
}

const RECENT_LIMIT = 50;

export function createMailer(config: Config, log: Logger): Mailer {
  const recent: Mail[] = [];
  const remember = (mail: Mail) => {
    recent.push(mail);
    if (recent.length > RECENT_LIMIT) recent.shift();
  };
  if (config.smtp) {
    const transport = nodemailer.createTransport(config.smtp.url);
    return {
      recent,
      async send(mail) {
        remember(mail);
        await transport.sendMail({ from: config.smtp!.from, ...mail });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    recent,
    async send(mail) {
      remember(mail);
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`);
      await fs.writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600 });
      // The mail's text holds sign-in, reset and verification links: they stay in the outbox (owner-only file), never in the log.
      log.info({ to: mail.to, subject: mail.subject, outbox: file }, 'mail (no SMTP configured) written to the outbox');
    },
  };
}
