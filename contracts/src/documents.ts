/**
 * Documents behind a unit's QR code (docs/decisions/0012-documents.md): per machine, kind, language and version
 * (valid from a day), PDFs only, never deleted. The wire's schemas are in document-schemas.ts, so the customer
 * page can take these constants without TypeBox.
 */
export const DOCUMENT_KINDS = ['instructions', 'declaration', 'spare_parts', 'safety'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The staff screen's names (German) and the customer page's (English, German). */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, { de: string; en: string }> = {
  instructions: { de: 'Betriebsanleitung', en: 'Instructions for use' },
  declaration: { de: 'EU-Konformitätserklärung', en: 'EU declaration of conformity' },
  spare_parts: { de: 'Ersatzteilliste', en: 'Spare parts list' },
  safety: { de: 'Sicherheitshinweise', en: 'Safety instructions' },
};

/**
 * The largest PDF accepted: a scanned manual of a few hundred pages. Downloads are streamed from the database in
 * chunks (api/src/modules/documents/document-chunks.repository.ts), so the size costs no memory per request.
 */
export const DOCUMENT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * What the check of an uploaded PDF takes on before it refuses the file as too complex (api/src/modules/documents/
 * pdf-check.ts, docs/decisions/0025-pdf-check-in-a-worker.md): inflated bytes of one object stream and of all,
 * parsed values (every number, name, string, array and dictionary), nesting of arrays and dictionaries, seconds
 * and megabytes of heap of the worker thread that checks it.
 */
export const PDF_CHECK_LIMITS = {
  streamBytes: 16 * 1024 * 1024,
  inflatedBytes: 64 * 1024 * 1024,
  values: 1_000_000,
  depth: 64,
  seconds: 6,
  heapMb: 256,
} as const;
/** Paper copies asked for are sent within one month (Machinery Regulation (EU) 2023/1230, Art. 10(7)). */
export const PAPER_REQUEST_DEADLINE_DAYS = 30;
/** Days after a paper copy was sent until the requester's name, address and e-mail are erased. */
export const PAPER_REQUEST_ERASE_AFTER_DAYS = 90;

/** The longest name, postal address, e-mail and serial a paper request takes (checked by the API, in two languages). */
export const PAPER_REQUEST_MAX = { name: 120, address: 400, email: 254, serial: 40 } as const;

/** `text` as part of a file name: readable, ASCII only (every phone's file system takes it), `fallback` when empty. */
export const fileNameSlug = (text: string, fallback: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || fallback;

/** The name a download is saved under: brand-neutral, readable, ASCII only. */
export function documentFileName(
  machineName: string,
  kind: DocumentKind,
  language: string,
  validFrom: string,
) {
  const slug = (text: string) => fileNameSlug(text, 'Maschine');
  return `${slug(machineName)}_${slug(DOCUMENT_KIND_LABELS[kind].en)}_${language.toUpperCase()}_${validFrom}.pdf`;
}

/**
 * The marking beside every QR code that says where the instructions are (Machinery Regulation (EU) 2023/1230,
 * Art. 10(7)), in the certificate's six languages in their printed order (de, en, fr, es, it, pt). In sentence
 * case: a full line in capitals would not fit a 62 mm label at a legible size.
 */
export const INSTRUCTIONS_MARKING = [
  'Betriebsanleitung und Dokumente: scannen',
  'Instructions for use and documents: scan',
  'Notice d’instructions et documents : scanner',
  'Manual de instrucciones y documentos: escanear',
  'Istruzioni per l’uso e documenti: scansionare',
  'Manual de instruções e documentos: ler o código',
] as const;
