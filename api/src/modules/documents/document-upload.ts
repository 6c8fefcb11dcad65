import { DOCUMENT_KINDS, ISO_639_1, documentFileName, type DocumentKind } from 'contracts';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { unlessUnique } from '../../db/errors';
import { messages } from '../../messages';
import type { InTransaction } from '../../platform/transactions';
import type { AuditService } from '../audit/audit.service';
import type { machinesRepository } from '../machines/machines.repository';
import { chunkStore } from '../../platform/chunk-store';
import { documentsRepository } from './documents.repository';
import { checkPdf, type PdfVerdict } from './pdf-check';

export interface DocumentUpload {
  machineId: number;
  kind: string;
  language: string;
  validFrom: string;
  /** Staff confirmed a version that applies from before the newest one of the same kind and language. */
  earlier: boolean;
  bytes: Buffer;
  accountId: number;
}

const refusal = (status: number, code: 'UNSAFE_PDF' | 'PDF_TOO_COMPLEX', message: string) =>
  new HttpError(status, code, message, { file: message });
const tooComplex = (reason: keyof typeof messages.documentTooComplexReasons) =>
  refusal(413, 'PDF_TOO_COMPLEX', messages.documentTooComplex(messages.documentTooComplexReasons[reason]));

/**
 * How a PDF that checkPdf refuses is answered, naming the field `file` (documents and calibration certificates);
 * made when refused, in the request's language.
 */
export const PDF_REFUSALS: Record<Exclude<PdfVerdict, 'ok'>, () => HttpError> = {
  notPdf: () =>
    new HttpError(415, 'UNSUPPORTED_FILE_TYPE', messages.documentNotPdf, { file: messages.documentNotPdf }),
  encrypted: () => refusal(415, 'UNSAFE_PDF', messages.documentEncrypted),
  javascript: () => refusal(415, 'UNSAFE_PDF', messages.documentJavascript),
  launch: () => refusal(415, 'UNSAFE_PDF', messages.documentLaunch),
  embeddedFile: () => refusal(415, 'UNSAFE_PDF', messages.documentEmbeddedFile),
  form: () => refusal(415, 'UNSAFE_PDF', messages.documentForm),
  link: () => refusal(415, 'UNSAFE_PDF', messages.documentLink),
  multimedia: () => refusal(415, 'UNSAFE_PDF', messages.documentMultimedia),
  compression: () => refusal(413, 'PDF_TOO_COMPLEX', messages.documentCompression),
  inflated: () => tooComplex('inflated'),
  values: () => tooComplex('values'),
  depth: () => tooComplex('depth'),
  time: () => tooComplex('time'),
  memory: () => tooComplex('memory'),
};

/** A real day of the calendar, written YYYY-MM-DD. */
const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/**
 * A new version of a machine's document: fields first (German, naming the field), then the PDF by its content,
 * then the content, the version and the audit events in one transaction, so nothing is stored half.
 */
export function documentUpload(
  deps: { inTransaction: InTransaction; machines: ReturnType<typeof machinesRepository> },
  audit: AuditService,
) {
  return async (upload: DocumentUpload): Promise<number> => {
    const fields: Record<string, string> = {};
    if (!(DOCUMENT_KINDS as readonly string[]).includes(upload.kind)) fields.kind = messages.documentKind;
    if (!ISO_639_1.has(upload.language)) fields.language = messages.documentLanguage;
    if (!isDay(upload.validFrom)) fields.valid_from = messages.documentValidFrom;
    if (upload.bytes.length === 0) fields.file = messages.documentEmpty;
    if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
    const machine = await deps.machines.get(upload.machineId);
    if (!machine) throw notFound(messages.machineNotFound);
    const verdict = await checkPdf(upload.bytes);
    if (verdict !== 'ok') throw PDF_REFUSALS[verdict]();
    const kind = upload.kind as DocumentKind;

    return deps.inTransaction(async (trx) => {
      const documents = documentsRepository(trx);
      const versions = (await documents.ofMachine(upload.machineId)).filter(
        (version) => version.kind === kind && version.language === upload.language,
      );
      if (versions.some((version) => version.valid_from === upload.validFrom))
        throw conflict(messages.documentSameDay, { valid_from: messages.documentSameDay });
      const latest = versions.at(-1);
      if (latest && latest.valid_from > upload.validFrom && !upload.earlier)
        throw badRequest(messages.checkFields, { valid_from: messages.documentEarlier(latest.valid_from) });
      const sha256 = await chunkStore(trx).store(upload.bytes);
      // Two uploads for the same day at once: the database's UNIQUE decides, and the second is the same 409.
      const id = await unlessUnique(
        documents.add({
          machine_id: upload.machineId,
          kind,
          language: upload.language,
          valid_from: upload.validFrom,
          sha256,
          file_name: documentFileName(machine.name, kind, upload.language, upload.validFrom),
          created_at: new Date().toISOString(),
          created_by: upload.accountId,
        }),
        () => conflict(messages.documentSameDay, { valid_from: messages.documentSameDay }),
      );
      const recorder = audit.within(trx);
      await recorder.record({
        accountId: upload.accountId,
        action: 'document.uploaded',
        subject: { type: 'document', id },
        details: {
          machine_id: upload.machineId,
          kind,
          language: upload.language,
          valid_from: upload.validFrom,
          bytes: upload.bytes.length,
          sha256,
        },
      });
      // The version in force just before this one's day is superseded from that day on (it stays stored).
      const previous = versions.filter((version) => version.valid_from < upload.validFrom).at(-1);
      if (previous)
        await recorder.record({
          accountId: upload.accountId,
          action: 'document.superseded',
          subject: { type: 'document', id: previous.id },
          details: { machine_id: upload.machineId, by: id, valid_from: upload.validFrom },
        });
      return id;
    });
  };
}
