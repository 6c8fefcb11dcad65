import type { VoidBody } from 'contracts';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { totalsOf } from '../reports/unit-totals.repository';
import type { CertificateTransactions } from './certificate-transaction';
import type { CertificateView } from './certificate-view';
import type { CertificateRow } from './certificates.repository';
import { assertChangeable, stale } from './lifecycle';
import type { UnitsRepository } from './units.repository';

/** Voiding an issued certificate, whole or unit by unit. */
export function voiding({
  units,
  view,
  transaction,
}: {
  units: Pick<UnitsRepository, 'of' | 'bySerial'>;
  view: Pick<CertificateView, 'rowOf' | 'get'>;
  transaction: CertificateTransactions;
}) {
  /** The serials of `requested` that are units of `row` and not voided yet, or a field message for the rest. */
  async function unitsToVoid(row: CertificateRow, requested: string[]) {
    const own = new Map((await units.of(row.id)).map((unit) => [unit.serial, unit]));
    const serials = [...new Set(requested.map((serial) => serial.trim()))];
    const problems: string[] = [];
    for (const serial of serials) {
      const unit = own.get(serial);
      if (unit?.voided_at) problems.push(messages.unitAlreadyVoided(serial));
      else if (!unit)
        problems.push(
          (await units.bySerial(serial))
            ? messages.unitOfOtherCertificate(serial)
            : messages.unitUnknown(serial),
        );
    }
    if (problems.length) throw badRequest(messages.checkFields, { serials: problems.join(' ') });
    return serials;
  }

  return {
    /**
     * Voids the whole certificate, or the units named in `serials`. A voided serial stays taken: the counter
     * never goes back, so it is never issued again.
     */
    async void(id: number, request: VoidBody, accountId: number, now = new Date()) {
      const row = await view.rowOf(id);
      const reason = request.reason.trim();
      if (!reason) throw badRequest(messages.checkFields, { reason: messages.reasonRequired });
      assertChangeable(row, request.version);
      const serials = request.serials && (await unitsToVoid(row, request.serials));
      const voidedUnits = row.voided_units + (serials ? serials.length : row.quantity - row.voided_units);
      const voiding = { voided_at: now.toISOString(), voided_by: accountId, void_reason: reason };
      await transaction(async (trx) => {
        const written = await trx.certificates.changeAt(id, request.version, {
          voided_units: voidedUnits,
          status: voidedUnits === row.quantity ? 'voided' : 'partly_voided',
          // The last units voided one by one void the certificate as a whole did, with their reason.
          ...(voidedUnits === row.quantity ? voiding : {}),
        });
        if (!written) throw stale();
        const voided = await trx.units.void(id, serials, voiding);
        await trx.unitTotals.add(totalsOf(row, { certificates: 0, units: 0, voided_units: voided.length }));
        const subject = { type: 'certificate', id };
        if (!serials)
          await trx.audit.record(
            { accountId, action: 'certificate.voided', subject, details: { reason } },
            now,
          );
        for (const serial of serials ? voided : [])
          await trx.audit.record(
            {
              accountId,
              action: 'unit.voided',
              subject: { type: 'unit', id: serial },
              details: { certificate_id: id, reason },
            },
            now,
          );
        await trx.documentDue(id);
      });
      return view.get(id);
    },
  };
}
