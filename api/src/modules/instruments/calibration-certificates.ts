import { fileNameSlug, type Calibration } from 'contracts';
import { badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { InTransaction } from '../../platform/transactions';
import { PDF_REFUSALS } from '../documents/document-upload';
import { checkPdf } from '../documents/pdf-check';
import { chunkStore, type ChunkStore } from '../../platform/chunk-store';
import { instrumentsRepository, type InstrumentsRepository } from './instruments.repository';

/**
 * Each calibration's certificate PDF (docs/decisions/0018-instruments.md): checked by its content as the machines'
 * documents are (api/src/modules/documents/pdf-check.ts), stored once per content in their chunks, and read back
 * as a stream. A second upload to the same calibration replaces the first; the trail names both.
 */
export function calibrationCertificates(
  deps: {
    instruments: InstrumentsRepository;
    chunks: ChunkStore;
    inTransaction: InTransaction;
  },
  audit: AuditService,
) {
  const { instruments } = deps;
  const toCalibration = ({
    certificate_sha256: _sha256,
    ...row
  }: Awaited<ReturnType<InstrumentsRepository['calibrations']>>[number]): Calibration => ({
    ...row,
    certificate_bytes: row.certificate_bytes ?? null,
  });

  async function calibrationOf(instrumentId: number, calibrationId: number) {
    const instrument = await instruments.get(instrumentId);
    if (!instrument) throw notFound(messages.instrumentNotFound);
    const calibration = (await instruments.calibrations(instrumentId)).find(
      (row) => row.id === calibrationId,
    );
    if (!calibration) throw notFound(messages.calibrationNotFound);
    return { instrument, calibration };
  }

  return {
    async calibrations(instrumentId: number): Promise<{ data: Calibration[] }> {
      if (!(await instruments.get(instrumentId))) throw notFound(messages.instrumentNotFound);
      return { data: (await instruments.calibrations(instrumentId)).map(toCalibration) };
    },

    /** Checks `bytes` before anything is written; the content, the link and the event in one transaction. */
    async uploadCertificate(
      instrumentId: number,
      calibrationId: number,
      bytes: Buffer,
      accountId: number,
    ): Promise<Calibration> {
      if (bytes.length === 0)
        throw badRequest(messages.checkFields, { file: messages.calibrationCertificateEmpty });
      await calibrationOf(instrumentId, calibrationId);
      const verdict = await checkPdf(bytes);
      if (verdict !== 'ok') throw PDF_REFUSALS[verdict]();
      return deps.inTransaction(async (trx) => {
        const repository = instrumentsRepository(trx);
        const sha256 = await chunkStore(trx).store(bytes);
        const replaced = await repository.setCertificate(calibrationId, sha256);
        await audit.within(trx).record({
          accountId,
          action: 'calibration.certificate_uploaded',
          subject: { type: 'instrument', id: instrumentId },
          details: { calibration_id: calibrationId, bytes: bytes.length, sha256, replaced },
        });
        const row = (await repository.calibrations(instrumentId)).find((each) => each.id === calibrationId)!;
        return toCalibration(row);
      });
    },

    /** The certificate PDF of a calibration: its name, size and hash, and how its bytes are read. */
    async certificate(instrumentId: number, calibrationId: number) {
      const { instrument, calibration } = await calibrationOf(instrumentId, calibrationId);
      const sha256 = calibration.certificate_sha256;
      const size = calibration.certificate_bytes;
      if (!sha256 || size === null) throw notFound(messages.calibrationCertificateNone);
      return {
        sha256,
        size,
        fileName: `Kalibrierschein_${fileNameSlug(instrument.inventory_number, 'Pruefmittel')}_${calibration.calibrated_on}.pdf`,
        bytes: deps.chunks.range,
      };
    },
  };
}
