import crypto from 'node:crypto';
import {
  CHECK_FIELDS,
  fieldMessages,
  type AuditAction,
  type PrintedBody,
  unitSerial,
  type Certificate,
  type CertificateDraft,
  type CertificateSort,
  type CertificateSummary,
} from 'contracts';
import { unlessUnique } from '../../db/errors';
import { HttpError, badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import { pageOf, withPositions, type PageRequest } from '../../paging';
import { searchKey } from '../../text';
import type { brandsRepository } from '../brands/brands.repository';
import type { machinesRepository } from '../machines/machines.repository';
import type { CertificateListRow, CertificateRow, certificatesRepository } from './certificates.repository';
import { serialBase } from './serial';

type PrintKind = PrintedBody['kind'];

export interface CertificateListRequest extends PageRequest {
  search?: string;
  sort?: CertificateSort;
}

/** The stored row as the certificate it prints; the search keys stay inside. */
function toCertificate({ checked_by_key: _c, machine_name_key: _m, created_by: _u, ...row }: CertificateRow) {
  return row as Certificate;
}

/** The same request gives the same hash whatever order its fields came in. */
const hashOf = (draft: CertificateDraft) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(draft, Object.keys(draft).sort()))
    .digest('hex');

const PRINT_ACTIONS = {
  print: 'certificate.printed',
  reprint: 'certificate.reprinted',
  labels: 'labels.printed',
} as const satisfies Record<PrintKind, AuditAction>;

const flip = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');

export function certificatesService(repositories: {
  certificates: ReturnType<typeof certificatesRepository>;
  machines: ReturnType<typeof machinesRepository>;
  brands: ReturnType<typeof brandsRepository>;
}) {
  const { certificates, machines, brands } = repositories;

  /** Everything the certificate prints about the machine and brand comes from the database, never the client. */
  async function snapshotOf(draft: CertificateDraft) {
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

  async function get(id: number): Promise<Certificate> {
    const row = await certificates.get(id);
    if (!row) throw notFound(messages.certificateNotFound);
    return toCertificate(row);
  }

  return {
    /**
     * Takes the next `quantity` numbers of the counter and writes the certificate with its units, all in one
     * transaction whose first statement is the counter update: concurrent issues queue on that row, a
     * failure rolls the counter back (no gaps), and the UNIQUE serial column makes a duplicate impossible.
     */
    async issue(
      input: CertificateDraft,
      userId: number,
      { idempotencyKey, now = new Date() }: { idempotencyKey?: string; now?: Date } = {},
    ): Promise<Certificate> {
      const draft = { ...input, checked_by: input.checked_by.trim() };
      const requestHash = hashOf(draft);
      /** The certificate this key issued before, or undefined; a key sent with another request is refused. */
      const issuedBefore = async () => {
        const earlier = idempotencyKey && (await certificates.findIssuedWithKey(userId, idempotencyKey));
        if (!earlier) return undefined;
        if (earlier.request_hash !== requestHash)
          throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', messages.idempotencyKeyReused);
        return get(earlier.certificate_id);
      };
      const replay = await issuedBefore();
      if (replay) return replay;
      const { machine, brand } = await snapshotOf(draft);
      const base = serialBase(machine.serial_prefix, now);
      const { quantity } = draft;
      const checks = Object.fromEntries(CHECK_FIELDS.map((field) => [field, draft[field]]));
      const serialTaken = () => new HttpError(409, 'SERIAL_CONFLICT', messages.serialConflict);
      return unlessUnique(
        certificates.transaction(async (trx) => {
          const firstUnitNumber = (await trx.takeUnitNumbers(base, quantity)) - quantity + 1;
          const serials = Array.from({ length: quantity }, (_, k) => unitSerial(base, firstUnitNumber, k));
          const row = await trx.insert({
            brand_id: brand.id,
            machine_id: machine.id,
            created_by: userId,
            checked_by: draft.checked_by,
            checked_by_key: searchKey(draft.checked_by),
            machine_name_key: searchKey(machine.name),
            quantity,
            ...(checks as Record<(typeof CHECK_FIELDS)[number], string>),
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
            serial_base: base,
            first_unit_number: firstUnitNumber,
            first_serial: serials[0],
            last_serial: serials[quantity - 1],
            created_at: now.toISOString(),
          });
          await trx.countOneMore();
          await trx.insertUnits(row.id, serials);
          await trx.audit.record(
            {
              accountId: userId,
              action: 'certificate.issued',
              subject: { type: 'certificate', id: row.id },
              details: {
                machine_id: machine.id,
                quantity,
                first_serial: serials[0],
                last_serial: serials[quantity - 1],
              },
            },
            now,
          );
          if (idempotencyKey)
            await trx.rememberKey({
              account_id: userId,
              key: idempotencyKey,
              request_hash: requestHash,
              certificate_id: row.id,
              created_at: now.toISOString(),
            });
          return toCertificate(row);
        }),
        serialTaken,
      ).catch(async (error: unknown) => {
        // A concurrent request with the same key committed first (this one's key row collided and everything
        // it wrote rolled back): answer with that certificate, as a retry would get it.
        const winner = await issuedBefore();
        if (winner) return winner;
        throw error;
      });
    },

    get,

    /** A print dialog opened for an issued certificate: recorded in the audit trail. */
    async printed(id: number, kind: PrintKind, accountId: number) {
      await get(id);
      await certificates.audit.record({
        accountId,
        action: PRINT_ACTIONS[kind],
        subject: { type: 'certificate', id },
      });
    },

    /**
     * Newest first by default, sorted and searched over the whole set; `pos` is the row's place in that
     * order. A whole unit serial finds the one certificate that holds it.
     */
    async list(request: CertificateListRequest) {
      const { limit, offset } = pageOf(request);
      const sort = request.sort ?? 'pos';
      const order = request.order ?? 'asc';
      const search = request.search?.trim() ?? '';
      // The newest certificate is position 1, so ascending positions mean descending ids.
      const page = { sort, direction: sort === 'pos' ? flip(order) : order, limit, offset };
      const byPositionDescending = sort === 'pos' && order === 'desc';
      const answer = (rows: CertificateListRow[], total: number) => ({
        total,
        data: withPositions(rows, { byPositionDescending, total, offset }) satisfies CertificateSummary[],
      });
      if (!search) {
        const rows = await certificates.listPage(page);
        // Past the last page no row carries the total, so it is read on its own.
        const total = rows.length ? Number(rows[0].total) : await certificates.total();
        return answer(
          rows.map(({ total: _total, ...row }) => row),
          total,
        );
      }
      const unit = await certificates.findByUnitSerial(search);
      if (unit) return answer(offset === 0 ? [unit] : [], 1);
      const { rows, total } = await certificates.search(search, page);
      return answer(rows, total);
    },
  };
}
