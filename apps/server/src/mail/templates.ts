/** Mail texts, in the recipient's language. */
type Lang = 'en-US' | 'fr-FR';

/** A media name as mails quote it: one line, not too long (it goes into the subject). */
export function mediaLabel(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

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
  emailVerification: {
    'en-US': (app: string, link: string) => ({
      subject: `Confirm your email address for ${app}`,
      text: `Hello,\n\nFollow this link to confirm that this address is yours. It works once and expires in 48 hours:\n\n${link}\n\nIf you did not create an account or change your address on ${app}, ignore this mail.`,
    }),
    'fr-FR': (app: string, link: string) => ({
      subject: `Confirmez votre adresse e-mail pour ${app}`,
      text: `Bonjour,\n\nSuivez ce lien pour confirmer que cette adresse est la vôtre. Il ne fonctionne qu'une fois et expire dans 48 heures :\n\n${link}\n\nSi vous n'avez ni créé de compte ni changé d'adresse sur ${app}, ignorez ce message.`,
    }),
  },
  emailChangeRequested: {
    'en-US': (app: string, link: string) => ({
      subject: `A change of email address was requested on ${app}`,
      text: `Hello,\n\nSomeone signed in to your ${app} account asked to replace this address with another one. The change takes effect only when the new address is confirmed.\n\nIf it was not you, change your password and check your profile:\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string) => ({
      subject: `Un changement d'adresse e-mail a été demandé sur ${app}`,
      text: `Bonjour,\n\nUne personne connectée à votre compte ${app} a demandé à remplacer cette adresse par une autre. Le changement ne prend effet qu'une fois la nouvelle adresse confirmée.\n\nSi ce n'était pas vous, changez votre mot de passe et vérifiez votre profil :\n\n${link}`,
    }),
  },
  invitation: {
    'en-US': (app: string, link: string, organization: string) => ({
      subject: `You are invited to ${organization} on ${app}`,
      text: `Hello,\n\nYou have been invited to join the organization "${organization}" on ${app}. Sign in to accept or decline the invitation:\n\n${link}\n\nIf you do not expect it, ignore this mail: nothing changes until you accept.`,
    }),
    'fr-FR': (app: string, link: string, organization: string) => ({
      subject: `Vous êtes invité·e dans ${organization} sur ${app}`,
      text: `Bonjour,\n\nVous avez été invité·e à rejoindre l'organisation « ${organization} » sur ${app}. Connectez-vous pour accepter ou refuser l'invitation :\n\n${link}\n\nSi vous ne l'attendiez pas, ignorez ce message : rien ne change tant que vous n'acceptez pas.`,
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
  mediaShared: {
    'en-US': (app: string, link: string, organization: string, media: string) => ({
      subject: `"${media}" was shared with you on ${app}`,
      text: `Hello,\n\nThe media "${media}" of the organization "${organization}" has been shared with you on ${app}.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string, media: string) => ({
      subject: `« ${media} » a été partagé avec vous sur ${app}`,
      text: `Bonjour,\n\nLe média « ${media} » de l'organisation « ${organization} » a été partagé avec vous sur ${app}.\n\n${link}`,
    }),
  },
  mediaUnshared: {
    'en-US': (app: string, link: string, organization: string, media: string) => ({
      subject: `You no longer have access to "${media}"`,
      text: `Hello,\n\nYou no longer have access to the media "${media}" of the organization "${organization}" on ${app}.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string, media: string) => ({
      subject: `Vous n'avez plus accès à « ${media} »`,
      text: `Bonjour,\n\nVous n'avez plus accès au média « ${media} » de l'organisation « ${organization} » sur ${app}.\n\n${link}`,
    }),
  },
  mediaRightsUpdated: {
    'en-US': (app: string, link: string, organization: string, media: string) => ({
      subject: `Your rights on "${media}" changed`,
      text: `Hello,\n\nYour rights on the media "${media}" of the organization "${organization}" on ${app} have changed.\n\n${link}`,
    }),
    'fr-FR': (app: string, link: string, organization: string, media: string) => ({
      subject: `Vos droits sur « ${media} » ont changé`,
      text: `Bonjour,\n\nVos droits sur le média « ${media} » de l'organisation « ${organization} » sur ${app} ont changé.\n\n${link}`,
    }),
  },
} as const;

export type MailTemplate = keyof typeof texts;

type Render = (app: string, link: string, organization: string, media: string) => { subject: string; text: string };

/** `media` is the name of the media a notification is about (media templates only). */
export function renderMail(template: MailTemplate, lang: string | null | undefined, app: string, link: string, organization = '', media = '') {
  const l: Lang = lang === 'fr-FR' ? 'fr-FR' : 'en-US';
  const render: Render = texts[template][l];
  return render(app, link, organization, mediaLabel(media));
}
