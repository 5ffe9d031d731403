/** Notification mails, sent only when the recipient's preferences allow them. */
import { DEFAULT_EMAIL_NOTIFICATIONS, type EmailNotificationKey } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { renderMail, type MailTemplate } from './templates.ts';

interface Recipient {
  email: string;
  locale: string | null;
  emailNotifications: Partial<Record<EmailNotificationKey, boolean>>;
}

export async function notify(
  ctx: AppContext,
  to: Recipient,
  template: MailTemplate & (EmailNotificationKey | 'invitation'),
  organization: string,
  path = '/interface/explore',
  media = '',
): Promise<void> {
  if (template !== 'invitation') {
    const wanted = { ...DEFAULT_EMAIL_NOTIFICATIONS, ...to.emailNotifications }[template];
    if (!wanted) return;
  }
  const mail = renderMail(template, to.locale, ctx.config.appName, `${ctx.config.publicUrl}${path}`, organization, media);
  try {
    await ctx.mailer.send({ to: to.email, ...mail });
  } catch (error) {
    // A notification that cannot be sent must not undo the change it reports.
    ctx.log.warn({ err: error, to: to.email, template }, 'notification mail failed');
  }
}
