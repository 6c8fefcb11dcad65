import crypto from 'node:crypto';
import {
  CHECK_FIELDS,
  berlinMonth,
  fieldMessages,
  type Certificate,
  type CertificateDraft,
  type CheckField,
} from 'contracts';
import { unlessUnique } from '../../db/errors';
import { HttpError, badRequest } from '../../errors';
import { messages } from '../../messages';
import { searchKey } from '../../text';
import type { BrandsRepository } from '../brands/brands.repository';
import type { MachinesRepository } from '../machines/machines.repository';
import { totalsOf } from '../reports/unit-totals.repository';
import type { CertificateTransactions } from './certificate-transaction';
import { toCertificate, type CertificateView } from './certificate-view';
import type { CertificateRow, CertificatesRepository } from './certificates.repository';
import { serialBase, unitSerial } from './serial';

/** The same request gives the same hash whatever order its fields came in. */
const hashOf = (draft: CertificateDraft) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(draft, Object.keys(draft).sort()))
    .digest('hex');

type Machine = NonNullable<Awaited<ReturnType<MachinesRepository['get']>>>;
type Brand = NonNullable<Awaited<ReturnType<BrandsRepository['get']>>>;

/** Who issues, with which key, and when. */
interface IssueContext {
  accountId: number;
  idempotencyKey?: string;
  requestHash: string;
  now: Date;
}

/** The certificate's row: the draft's checks and a snapshot of the machine and brand as they are now. */
function rowOf(
  draft: CertificateDraft,
  { machine, brand }: { machine: Machine; brand: Brand },
  serials: { base: string; first: number; list: string[] },
  accountId: number,
  now: Date,
) {
  const checks = Object.fromEntries(CHECK_FIELDS.map((field) => [field, draft[field]]));
  return {
    brand_id: brand.id,
    machine_id: machine.id,
    created_by: accountId,
    checked_by: draft.checked_by,
    checked_by_key: searchKey(draft.checked_by),
    machine_name_key: searchKey(machine.name),
    quantity: draft.quantity,
    ...(checks as Record<CheckField, string>),
    resistance_to_voltage: draft.resistance_to_voltage,
    observation: draft.observation,
    origin: draft.origin,
    electronic_circuit_board: machine.electronic_circuit_board,
    machine_name: machine.name,
    machine_image: machine.image,
    serial_prefix: machine.serial_prefix,
    brand_name: brand.name,
    brand_image: brand.logo,
    brand_email: brand.email,
    brand_website: brand.website_link,
    ean_number: machine.ean_number,
    serial_base: serials.base,
    first_unit_number: serials.first,
    first_serial: serials.list[0],
    last_serial: serials.list[serials.list.length - 1],
    created_at: now.toISOString(),
    issue_month: berlinMonth(now),
  };
}

/** Everything the certificate prints about the machine and brand comes from the database, never the client. */
async function snapshotOf(
  draft: CertificateDraft,
  { machines, brands }: { machines: Pick<MachinesRepository, 'get'>; brands: Pick<BrandsRepository, 'get'> },
) {
  const fields: Record<string, string> = {};
  if (!draft.checked_by) fields.checked_by = fieldMessages.enter;
  const machine = await machines.get(draft.machine_id);
  const brand = await brands.get(draft.brand_id);
  if (!brand) fields.brand_id = fieldMessages.brandMissing;
  if (!machine) fields.machine_id = fieldMessages.machineMissing;
  else if (brand && machine.brand_id !== brand.id) fields.machine_id = messages.machineNotOfBrand;
  if (Object.keys(fields).length || !machine || !brand) throw badRequest(messages.checkFields, fields);
  return { machine, brand };
}

/** The records of one issue in the issuing transaction: units, counts, units per month, audit, key. */
async function store(
  transaction: CertificateTransactions,
  draft: CertificateDraft,
  snapshot: { machine: Machine; brand: Brand },
  { accountId, idempotencyKey, requestHash, now }: IssueContext,
): Promise<Certificate> {
  const base = serialBase(snapshot.machine.serial_prefix, now);
  const { quantity } = draft;
  return transaction(async (trx) => {
    const first = (await trx.certificates.takeUnitNumbers(base, quantity)) - quantity + 1;
    const serials = Array.from({ length: quantity }, (_, k) => unitSerial(base, first, k));
    const row: CertificateRow = await trx.certificates.insert(
      rowOf(draft, snapshot, { base, first, list: serials }, accountId, now),
    );
    await trx.certificates.countOneMore();
    await trx.units.insert(row.id, serials);
    await trx.unitTotals.add(totalsOf(row, { certificates: 1, units: quantity, voided_units: 0 }));
    await trx.audit.record(
      {
        accountId,
        action: 'certificate.issued',
        subject: { type: 'certificate', id: row.id },
        details: {
          machine_id: row.machine_id,
          quantity,
          first_serial: row.first_serial,
          last_serial: row.last_serial,
        },
      },
      now,
    );
    if (idempotencyKey)
      await trx.certificates.rememberKey({
        account_id: accountId,
        key: idempotencyKey,
        request_hash: requestHash,
        certificate_id: row.id,
        created_at: now.toISOString(),
      });
    return toCertificate(row, { replaces_issued_at: null, serials, voided_serials: [] });
  });
}

/** Issuing a certificate: the serial numbers, the snapshot, and the Idempotency-Key that makes a retry safe. */
export function issuing({
  certificates,
  machines,
  brands,
  view,
  transaction,
}: {
  certificates: Pick<CertificatesRepository, 'findIssuedWithKey'>;
  machines: Pick<MachinesRepository, 'get'>;
  brands: Pick<BrandsRepository, 'get'>;
  view: Pick<CertificateView, 'get'>;
  transaction: CertificateTransactions;
}) {
  /** The certificate `key` issued before for this account, or undefined; a key sent with another request is refused. */
  async function issuedBefore(accountId: number, key: string | undefined, requestHash: string) {
    const earlier = key && (await certificates.findIssuedWithKey(accountId, key));
    if (!earlier) return undefined;
    if (earlier.request_hash !== requestHash)
      throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', messages.idempotencyKeyReused);
    return view.get(earlier.certificate_id);
  }

  return {
    /**
     * Takes the next `quantity` numbers of the counter and writes the certificate with its units, all in one
     * transaction whose first statement is the counter update: concurrent issues queue on that row, a
     * failure rolls the counter back (no gaps), and the UNIQUE serial column makes a duplicate impossible.
     */
    async issue(
      input: CertificateDraft,
      accountId: number,
      { idempotencyKey, now = new Date() }: { idempotencyKey?: string; now?: Date } = {},
    ): Promise<Certificate> {
      const draft = { ...input, checked_by: input.checked_by.trim() };
      const requestHash = hashOf(draft);
      const replay = await issuedBefore(accountId, idempotencyKey, requestHash);
      if (replay) return replay;
      const snapshot = await snapshotOf(draft, { machines, brands });
      const serialTaken = () => new HttpError(409, 'SERIAL_CONFLICT', messages.serialConflict);
      const context = { accountId, idempotencyKey, requestHash, now };
      return unlessUnique(store(transaction, draft, snapshot, context), serialTaken).catch(
        async (error: unknown) => {
          // A concurrent request with the same key committed first (this one's key row collided and everything
          // it wrote rolled back): answer with that certificate, as a retry would get it.
          const winner = await issuedBefore(accountId, idempotencyKey, requestHash);
          if (winner) return winner;
          throw error;
        },
      );
    },
  };
}
