/**
 * The instructions a language model gets for each report kind, in English and French (docs/reports.md
 * quotes them). A transcript is given as "[mm:ss] Speaker: text" lines. When it fits the model's
 * context, one call writes the report (`whole`); else each part is turned into notes (`part`) and the
 * notes are combined into the report (`combine`, again on groups of notes when they do not fit).
 */
import type { ChatTurn } from '@palabre/engines';
import type { ReportKind } from '@palabre/shared';
import type { ReportLanguage } from './labels.ts';

export interface PromptTemplates {
  system: string;
  whole: string;
  part: string;
  combine: string;
  /** What the report contains, per kind (`{{instructions}}` in the templates). */
  instructions: Record<ReportKind, string>;
}

export const PROMPTS: Record<ReportLanguage, PromptTemplates> = {
  en: {
    system:
      'You write reports of meetings and recordings from their transcripts. Answer in English, in Markdown only (headings, paragraphs, lists, tables; never HTML). Use only what the transcript says: never invent names, figures, decisions or dates. When a point comes from a precise moment, give its time as [mm:ss].',
    whole: '{{instructions}}\n\nThe transcript, one line per speaker turn ("[mm:ss] Speaker: text"):\n\n{{transcript}}',
    part: 'Here is part {{part}} of {{parts}} of a transcript, one line per speaker turn ("[mm:ss] Speaker: text"). Write concise notes in Markdown for the report described below: the topics, the points made and by whom, the decisions and actions, with their times. Your notes will be combined with the notes of the other parts.\n\nThe report: {{instructions}}\n\nThe part:\n\n{{transcript}}',
    combine: 'Here are notes taken on consecutive parts of one transcript, in order. Write the report from them, as one document.\n\n{{instructions}}\n\nThe notes:\n\n{{notes}}',
    instructions: {
      summary:
        'Write an automatic summary of the transcript: a title line "# Summary", then three to six short paragraphs giving the subject, the main points in the order they came, and the conclusions. About a tenth of the transcript\'s length, at most 600 words.',
      cra: 'Write a summary report (compte rendu analytique): "# Summary report", then "## Participants" (a list of the speakers), "## Main topics" (a list), then one "## " section per topic summarising who said what, in the third person and the past tense, and finally "## Decisions and actions" (a list; say when there are none).',
      cred: 'Write a commission and delegation report: "# Commission and delegation report", then "## Participants", "## Agenda" (a numbered list of the items discussed), then for each item a "## " section with the positions expressed (each with its speaker and time), the votes or decisions, and the follow-up actions with who is in charge; end with "## Decisions and actions" listing every decision.',
      cri: "Write the full report (compte rendu intégral): the complete text of the transcript, turn by turn, each turn as a paragraph starting with the speaker's name in bold followed by a colon. Keep every statement and its meaning; remove hesitations (um, uh), stutters and repeated words; fix punctuation and capitals. Do not summarise and do not add anything.",
    },
  },
  fr: {
    system:
      'Tu rédiges des comptes rendus de réunions et d’enregistrements à partir de leur transcription. Réponds en français, uniquement en Markdown (titres, paragraphes, listes, tableaux ; jamais de HTML). N’utilise que ce que dit la transcription : n’invente jamais de noms, de chiffres, de décisions ni de dates. Quand un point vient d’un moment précis, donne son heure sous la forme [mm:ss].',
    whole: '{{instructions}}\n\nLa transcription, une ligne par tour de parole (« [mm:ss] Intervenant : texte ») :\n\n{{transcript}}',
    part: 'Voici la partie {{part}} sur {{parts}} d’une transcription, une ligne par tour de parole (« [mm:ss] Intervenant : texte »). Prends des notes concises en Markdown pour le compte rendu décrit ci-dessous : les thèmes, les propos tenus et par qui, les décisions et les actions, avec leur heure. Tes notes seront réunies avec celles des autres parties.\n\nLe compte rendu : {{instructions}}\n\nLa partie :\n\n{{transcript}}',
    combine:
      'Voici les notes prises sur les parties successives d’une même transcription, dans l’ordre. Rédige le compte rendu à partir d’elles, en un seul document.\n\n{{instructions}}\n\nLes notes :\n\n{{notes}}',
    instructions: {
      summary:
        'Rédige un résumé automatique de la transcription : une ligne de titre « # Résumé », puis trois à six courts paragraphes donnant le sujet, les points principaux dans l’ordre où ils sont venus et les conclusions. Environ un dixième de la longueur de la transcription, 600 mots au plus.',
      cra: 'Rédige un compte rendu analytique : « # Compte rendu analytique », puis « ## Participants » (la liste des intervenants), « ## Thèmes principaux » (une liste), puis une section « ## » par thème résumant qui a dit quoi, à la troisième personne et au passé, et enfin « ## Décisions et actions » (une liste ; dis-le quand il n’y en a pas).',
      cred: 'Rédige un compte rendu de commission et de délégation : « # Compte rendu de commission et de délégation », puis « ## Participants », « ## Ordre du jour » (la liste numérotée des points abordés), puis pour chaque point une section « ## » avec les positions exprimées (chacune avec son intervenant et son heure), les votes ou décisions, et les suites à donner avec leur responsable ; termine par « ## Décisions et actions » listant chaque décision.',
      cri: 'Rédige le compte rendu intégral : le texte complet de la transcription, tour par tour, chaque tour en un paragraphe commençant par le nom de l’intervenant en gras suivi de deux-points. Garde chaque propos et son sens ; retire les hésitations (euh, ben), les bégaiements et les mots répétés ; corrige la ponctuation et les majuscules. Ne résume pas et n’ajoute rien.',
    },
  },
};

const fill = (template: string, values: Record<string, string>): string => template.replace(/\{\{(\w+)\}\}/gu, (whole, key: string) => values[key] ?? whole);

const conversation = (language: ReportLanguage, user: string): ChatTurn[] => [
  { role: 'system', content: PROMPTS[language].system },
  { role: 'user', content: user },
];

/** The messages for one part of the transcript (`parts` = 1: the whole report in one call). */
export function partMessages(kind: ReportKind, language: ReportLanguage, transcript: string, part: number, parts: number): ChatTurn[] {
  const t = PROMPTS[language];
  const template = parts === 1 ? t.whole : t.part;
  return conversation(language, fill(template, { instructions: t.instructions[kind], transcript, part: String(part), parts: String(parts) }));
}

/** The messages combining the notes of several parts into the report. */
export function combineMessages(kind: ReportKind, language: ReportLanguage, notes: readonly string[]): ChatTurn[] {
  const t = PROMPTS[language];
  return conversation(language, fill(t.combine, { instructions: t.instructions[kind], notes: notes.map((n) => n.trim()).join('\n\n---\n\n') }));
}

/** The fixed text of the longest prompt around a transcript or notes (the budget left for them). */
export function promptOverhead(kind: ReportKind, language: ReportLanguage): string {
  const t = PROMPTS[language];
  return [t.system, t.instructions[kind], t.part, t.combine].join('\n');
}
