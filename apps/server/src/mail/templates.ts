/** Mail texts, in the recipient's language. */
type Lang = 'en-US' | 'fr-FR';

const texts = {
  magicLink: {
    'en-US': (app: string, link: string) => ({
      subject: `Your sign-in link for ${app}`,
      text: `Hello,\n\nFollow this link to sign in to ${app}. It works once and expires in 15 minutes:\n\n${link}\n\nIf you did not ask for it, ignore this mail.`,
    }),
    'fr-FR': (app: string, link: string) => ({
      subject: `Votre lien de connexion à ${app}`,
      text: `Bonjour,\n\nSuivez ce lien pour vous connecter à ${app}. Il ne fonctionne qu'une fois et expire dans 15 minutes :\n\n${link}\n\nSi vous ne l'avez pas demandé, ignorez ce message.`,
    }),
  },
  passwordReset: {
    'en-US': (app: string, link: string) => ({
      subject: `Reset your ${app} password`,
      text: `Hello,\n\nFollow this link to choose a new password. It works once and expires in one hour:\n\n${link}\n\nIf you did not ask for it, ignore this mail: your password is unchanged.`,
    }),
    'fr-FR': (app: string, link: string) => ({
      subject: `Réinitialiser votre mot de passe ${app}`,
      text: `Bonjour,\n\nSuivez ce lien pour choisir un nouveau mot de passe. Il ne fonctionne qu'une fois et expire dans une heure :\n\n${link}\n\nSi vous ne l'avez pas demandé, ignorez ce message : votre mot de passe reste le même.`,
    }),
  },
  invitation: {
    'en-US': (app: string, link: string, organization: string) => ({
      subject: `You are invited to ${organization} on ${app}`,
      text: `Hello,\n\nYou have been invited to join the organization "${organization}" on ${app}.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string) => ({
      subject: `Vous êtes invité·e dans ${organization} sur ${app}`,
      text: `Bonjour,\n\nVous avez été invité·e à rejoindre l'organisation « ${organization} » sur ${app}.\n\n${link}`,
    }),
  },
  organizationJoined: {
    'en-US': (app: string, link: string, organization: string) => ({
      subject: `You joined ${organization} on ${app}`,
      text: `Hello,\n\nYou are now a member of the organization "${organization}" on ${app}.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string) => ({
      subject: `Vous avez rejoint ${organization} sur ${app}`,
      text: `Bonjour,\n\nVous êtes maintenant membre de l'organisation « ${organization} » sur ${app}.\n\n${link}`,
    }),
  },
  organizationLeft: {
    'en-US': (app: string, link: string, organization: string) => ({
      subject: `You are no longer a member of ${organization}`,
      text: `Hello,\n\nYou are no longer a member of the organization "${organization}" on ${app}.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string) => ({
      subject: `Vous n'êtes plus membre de ${organization}`,
      text: `Bonjour,\n\nVous n'êtes plus membre de l'organisation « ${organization} » sur ${app}.\n\n${link}`,
    }),
  },
  organizationRoleChanged: {
    'en-US': (app: string, link: string, organization: string) => ({
      subject: `Your role in ${organization} changed`,
      text: `Hello,\n\nYour role in the organization "${organization}" on ${app} has changed.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string) => ({
      subject: `Votre rôle dans ${organization} a changé`,
      text: `Bonjour,\n\nVotre rôle dans l'organisation « ${organization} » sur ${app} a changé.\n\n${link}`,
    }),
  },
} as const;

export type MailTemplate = keyof typeof texts;

export function renderMail(template: MailTemplate, lang: string | null | undefined, app: string, link: string, organization = '') {
  const l: Lang = lang === 'fr-FR' ? 'fr-FR' : 'en-US';
  return texts[template][l](app, link, organization);
}
