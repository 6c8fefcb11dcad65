import type { DocumentKind } from 'contracts';
import type { Language } from './texts';

export interface DocumentTexts {
  heading: string;
  kinds: Record<DocumentKind, string>;
  validFrom: string;
  open: string;
  download: string;
  /** Before the day of a newer version. */
  newer: string;
  /** After the name of the language shown instead of the customer's. */
  fallback: string;
  paperCopy: string;
}

/**
 * The documents section of the customer page (docs/decisions/0012-documents.md) in the page's six languages;
 * the languages' own names come from the browser (Intl.DisplayNames), so none are written here.
 */
export const documentTexts: Record<Language, DocumentTexts> = {
  en: {
    heading: 'Documents',
    kinds: {
      instructions: 'Instructions for use',
      declaration: 'EU declaration of conformity',
      spare_parts: 'Spare parts list',
      safety: 'Safety instructions',
    },
    validFrom: 'valid from',
    open: 'Open',
    download: 'Download',
    newer: 'Newer version, valid from',
    fallback: 'Not available in English; shown in',
    paperCopy: 'Request a free paper copy',
  },
  de: {
    heading: 'Dokumente',
    kinds: {
      instructions: 'Betriebsanleitung',
      declaration: 'EU-Konformitätserklärung',
      spare_parts: 'Ersatzteilliste',
      safety: 'Sicherheitshinweise',
    },
    validFrom: 'gültig ab',
    open: 'Öffnen',
    download: 'Herunterladen',
    newer: 'Neuere Fassung, gültig ab',
    fallback: 'Nicht auf Deutsch verfügbar; angezeigt auf',
    paperCopy: 'Kostenloses Papierexemplar anfordern',
  },
  fr: {
    heading: 'Documents',
    kinds: {
      instructions: 'Notice d’instructions',
      declaration: 'Déclaration UE de conformité',
      spare_parts: 'Liste des pièces de rechange',
      safety: 'Consignes de sécurité',
    },
    validFrom: 'valable à partir du',
    open: 'Ouvrir',
    download: 'Télécharger',
    newer: 'Version plus récente, valable à partir du',
    fallback: 'Non disponible en français ; affiché en',
    paperCopy: 'Demander un exemplaire papier gratuit',
  },
  es: {
    heading: 'Documentos',
    kinds: {
      instructions: 'Manual de instrucciones',
      declaration: 'Declaración UE de conformidad',
      spare_parts: 'Lista de piezas de repuesto',
      safety: 'Instrucciones de seguridad',
    },
    validFrom: 'válido desde',
    open: 'Abrir',
    download: 'Descargar',
    newer: 'Versión más reciente, válida desde',
    fallback: 'No disponible en español; se muestra en',
    paperCopy: 'Solicitar un ejemplar en papel gratuito',
  },
  it: {
    heading: 'Documenti',
    kinds: {
      instructions: 'Istruzioni per l’uso',
      declaration: 'Dichiarazione UE di conformità',
      spare_parts: 'Elenco dei ricambi',
      safety: 'Istruzioni di sicurezza',
    },
    validFrom: 'valido dal',
    open: 'Apri',
    download: 'Scarica',
    newer: 'Versione più recente, valida dal',
    fallback: 'Non disponibile in italiano; mostrato in',
    paperCopy: 'Richiedi una copia cartacea gratuita',
  },
  pt: {
    heading: 'Documentos',
    kinds: {
      instructions: 'Manual de instruções',
      declaration: 'Declaração UE de conformidade',
      spare_parts: 'Lista de peças sobresselentes',
      safety: 'Instruções de segurança',
    },
    validFrom: 'válido a partir de',
    open: 'Abrir',
    download: 'Transferir',
    newer: 'Versão mais recente, válida a partir de',
    fallback: 'Não disponível em português; apresentado em',
    paperCopy: 'Pedir um exemplar em papel gratuito',
  },
};
