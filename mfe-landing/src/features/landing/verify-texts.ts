import type { CertificateDocumentEvent } from 'contracts';

/**
 * The verification page's strings, English and German side by side (docs/decisions/0020-sealed-certificate.md):
 * whoever holds a certificate, a customer or an authority, reads one of the two.
 */
export const VERIFY_LANGUAGES = ['en', 'de'] as const;
export type VerifyLanguage = (typeof VERIFY_LANGUAGES)[number];

interface VerifyTexts {
  title: string;
  intro: string;
  drop: string;
  choose: string;
  hashLabel: string;
  check: string;
  checking: string;
  computed: string;
  current: string;
  notCurrent: string;
  unknown: string;
  malformed: string;
  tooLarge: string;
  throttled: string;
  failed: string;
  certificate: string;
  serials: string;
  sealed: (event: string, date: string) => string;
  events: Record<CertificateDocumentEvent, string>;
  wholeCertificate: string;
  customerCopy: string;
}

export const verifyTexts: Record<VerifyLanguage, VerifyTexts> = {
  en: {
    title: 'Verify a test certificate',
    intro:
      'Drop the PDF here or choose it: its SHA-256 checksum is computed in your browser, and the file is never uploaded. Or type the checksum.',
    drop: 'Drop the PDF here',
    choose: 'Choose a PDF',
    hashLabel: 'SHA-256 checksum',
    check: 'Verify',
    checking: 'Checking …',
    computed: 'Checksum of the file',
    current: 'Issued by us, and current: this is what the certificate says today.',
    notCurrent:
      'Issued by us, but no longer current: the certificate was corrected, withdrawn or replaced since.',
    unknown:
      'Not issued by us: no document with this checksum exists. A copy that was changed in any way has another checksum.',
    malformed: 'A SHA-256 checksum has 64 characters 0–9 and a–f.',
    tooLarge: 'This file is too large for a test certificate.',
    throttled: 'Too many checks from your network. Please wait a minute and try again.',
    failed: 'The check could not be made. Please try again.',
    certificate: 'Test certificate no.',
    serials: 'Serial numbers',
    sealed: (event, date) => `Sealed when ${event}, on ${date}`,
    events: {
      issued: 'issued',
      released: 'released',
      retested: 'retested',
      revised: 'corrected',
      voided: 'voided',
    },
    wholeCertificate: 'whole certificate',
    customerCopy: 'customer copy',
  },
  de: {
    title: 'Prüfbericht prüfen',
    intro:
      'PDF hier ablegen oder auswählen: die SHA-256-Prüfsumme wird in Ihrem Browser berechnet, die Datei wird nicht hochgeladen. Oder die Prüfsumme eingeben.',
    drop: 'PDF hier ablegen',
    choose: 'PDF auswählen',
    hashLabel: 'SHA-256-Prüfsumme',
    check: 'Prüfen',
    checking: 'Wird geprüft …',
    computed: 'Prüfsumme der Datei',
    current: 'Von uns ausgestellt und aktuell: so lautet der Prüfbericht heute.',
    notCurrent:
      'Von uns ausgestellt, aber nicht mehr aktuell: der Prüfbericht wurde seitdem korrigiert, storniert oder ersetzt.',
    unknown:
      'Nicht von uns ausgestellt: ein Dokument mit dieser Prüfsumme gibt es nicht. Eine irgendwie veränderte Kopie hat eine andere Prüfsumme.',
    malformed: 'Eine SHA-256-Prüfsumme hat 64 Zeichen 0–9 und a–f.',
    tooLarge: 'Diese Datei ist zu groß für einen Prüfbericht.',
    throttled: 'Zu viele Prüfungen aus Ihrem Netz. Bitte eine Minute warten und erneut versuchen.',
    failed: 'Die Prüfung war nicht möglich. Bitte erneut versuchen.',
    certificate: 'Prüfbericht Nr.',
    serials: 'Seriennummern',
    sealed: (event, date) => `Gesiegelt, als er ${event} wurde, am ${date}`,
    events: {
      issued: 'ausgestellt',
      released: 'freigegeben',
      retested: 'nachgeprüft',
      revised: 'korrigiert',
      voided: 'storniert',
    },
    wholeCertificate: 'ganzer Prüfbericht',
    customerCopy: 'Kundenexemplar',
  },
};
