/**
 * The fixed words of reports in their language: each kind's name (document titles, the publish
 * page's tabs), the headings of the extractive reports and the line that says no model wrote them.
 */
import type { ReportKind } from '@palabre/shared';
import type { ExportLanguage } from '../exports/labels.ts';

export type ReportLanguage = 'en' | 'fr';

export interface ReportLabels {
  kinds: Record<ReportKind, string>;
  /** The first line of every extractive report, per kind. */
  extractiveNote: Record<ReportKind, string>;
  participants: string;
  duration: string;
  mainTopics: string;
  keyPoints: string;
  agenda: string;
  keyStatements: string;
  decisions: string;
  noDecisions: string;
  /** A speaker without a name. */
  unknownSpeaker: string;
}

const LABELS: Record<ReportLanguage, ReportLabels> = {
  en: {
    kinds: { summary: 'Automatic summary', cra: 'Summary report', cred: 'Commission and delegation report', cri: 'Full report' },
    extractiveNote: {
      summary: '_Extractive summary: sentences selected from the transcript, no language model._',
      cra: '_Extractive report: assembled from the transcript (participants, keywords, top-ranked sentences), no language model._',
      cred: '_Extractive report: assembled from the transcript (participants, keywords, key statements, decision sentences), no language model._',
      cri: '_Full text cleaned by rules (hesitations removed, punctuation fixed), no language model._',
    },
    participants: 'Participants',
    duration: 'Duration',
    mainTopics: 'Main topics',
    keyPoints: 'Key points by speaker',
    agenda: 'Agenda',
    keyStatements: 'Key statements',
    decisions: 'Decisions and actions',
    noDecisions: 'No sentence states a decision or an action.',
    unknownSpeaker: 'Speaker',
  },
  fr: {
    kinds: { summary: 'Résumé automatique', cra: 'Compte rendu analytique', cred: 'Compte rendu de commission et de délégation', cri: 'Compte rendu intégral' },
    extractiveNote: {
      summary: '_Résumé extractif : phrases choisies dans la transcription, sans modèle de langage._',
      cra: '_Compte rendu extractif : assemblé à partir de la transcription (participants, mots-clés, phrases les mieux classées), sans modèle de langage._',
      cred: '_Compte rendu extractif : assemblé à partir de la transcription (participants, mots-clés, interventions clés, phrases de décision), sans modèle de langage._',
      cri: '_Texte intégral nettoyé par des règles (hésitations retirées, ponctuation corrigée), sans modèle de langage._',
    },
    participants: 'Participants',
    duration: 'Durée',
    mainTopics: 'Thèmes principaux',
    keyPoints: 'Points clés par intervenant',
    agenda: 'Ordre du jour',
    keyStatements: 'Interventions clés',
    decisions: 'Décisions et actions',
    noDecisions: 'Aucune phrase n’énonce de décision ni d’action.',
    unknownSpeaker: 'Intervenant',
  },
};

export const reportLabels = (language: ReportLanguage): ReportLabels => LABELS[language];

/** A document's title when none is given: "Summary report — Weekly meeting". */
export const reportTitle = (kind: ReportKind, language: ReportLanguage, mediaName: string): string => `${LABELS[language].kinds[kind]} — ${mediaName}`;

/** The export labels' language of a report's language. */
export const exportLanguageOf = (language: ReportLanguage): ExportLanguage => (language === 'fr' ? 'fr-FR' : 'en-US');
