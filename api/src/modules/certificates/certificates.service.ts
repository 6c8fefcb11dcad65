import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  CERTIFICATE_STATUS_LABELS,
  CHECK_FIELDS,
  berlinDayStart,
  berlinIsoDate,
  domainName,
  type CertificateExportQuery,
  type CertificateFilterQuery,
  fieldMessages,
  REVISABLE_FIELDS,
  toWire,
  type AuditAction,
  type CertificateHistory,
  type EventsQuery,
  type FromWire,
  type PrintedBody,
  type RevisableField,
  type RevisionBody,
  type UnitView,
  type VoidBody,
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
import { changes, type AuditService } from '../audit/audit.service';
import { issueMonth } from '../reports/reports.repository';
import {
  isFiltered,
  type CertificateExportRow,
  type CertificateFilter,
  type CertificateListRow,
  type CertificateRow,
  type certificatesRepository,
} from './certificates.repository';
import { CONTENT_TYPES, writeExport, type ExportColumn } from './export-writers';
import { serialBase } from './serial';

type PrintKind = PrintedBody['kind'];
/** A revision request in the names the code uses (`origin`, not the wire's `origin_germany`). */
export type CertificateRevision = FromWire<RevisionBody>;

export interface CertificateListRequest extends PageRequest, CertificateFilterQuery {
  search?: string;
  sort?: CertificateSort;
}

/** Rows an export reads from the database at a time. */
const EXPORT_BATCH = 1000;

const CERTIFICATE_COLUMNS: ExportColumn<CertificateExportRow>[] = [
  { header: 'Ausgestellt am', width: 17, kind: 'time', value: (row) => new Date(row.created_at) },
  { header: 'Marke', width: 20, kind: 'text', value: (row) => row.brand_name },
  { header: 'Artikelnummer', width: 24, kind: 'text', value: (row) => row.machine_name },
  { header: 'Start-Seriennummer', width: 20, kind: 'text', value: (row) => row.first_serial },
  { header: 'End-Seriennummer', width: 20, kind: 'text', value: (row) => row.last_serial },
  { header: 'Menge', width: 8, kind: 'number', value: (row) => row.quantity },
  { header: 'Geprüft von', width: 24, kind: 'text', value: (row) => row.checked_by },
  { header: 'Revision', width: 9, kind: 'number', value: (row) => row.revision },
  { header: 'Status', width: 20, kind: 'text', value: (row) => CERTIFICATE_STATUS_LABELS[row.status] },
  { header: 'Stornierte Einheiten', width: 11, kind: 'number', value: (row) => row.voided_units },
];
type UnitExportRow = CertificateExportRow & { serial: string; unit: number; unitVoided: boolean };
const UNIT_COLUMNS: ExportColumn<UnitExportRow>[] = [
  { header: 'Seriennummer', width: 20, kind: 'text', value: (row) => row.serial },
  { header: 'Einheit', width: 9, kind: 'number', value: (row) => row.unit },
  {
    header: 'Einheit storniert',
    width: 11,
    kind: 'text',
    value: (row) => (row.unitVoided ? 'ja' : 'nein'),
  },
  ...(CERTIFICATE_COLUMNS.slice(0, -1) as ExportColumn<UnitExportRow>[]),
];

/** The day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => berlinIsoDate(new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000));

/** What a certificate's print adds to its row: the revision it replaces and the units voided. */
interface Standing {
  replaces_issued_at: string | null;
  voided_serials: string[];
  replaced_at?: string | null;
}

/** The stored row as the certificate it prints; search keys, account ids and reasons stay inside. */
function toCertificate(
  {
    checked_by_key: _c,
    machine_name_key: _m,
    created_by: _u,
    revised_by: _r,
    voided_by: _v,
    revision_reason: _why,
    ...row
  }: CertificateRow,
  standing: Standing,
) {
  return { ...row, replaced_at: null, ...standing } as Certificate;
}

const NOT_YET: Standing = { replaces_issued_at: null, voided_serials: [] };

/** The revisable fields of a certificate or a revision request, in the order of REVISABLE_FIELDS. */
const revisable = (source: Pick<CertificateRow, RevisableField>) =>
  Object.fromEntries(REVISABLE_FIELDS.map((field) => [field, source[field]])) as Pick<
    CertificateRow,
    RevisableField
  >;

/** Fields a revision never changes; a request that tries is told to void and issue anew. */
const FIXED_FIELDS = ['machine_id', 'brand_id', 'serial_prefix'] as const;

const stale = () => new HttpError(409, 'STALE_VERSION', messages.staleVersion);
const voidedAlready = () => new HttpError(409, 'CERTIFICATE_VOIDED', messages.certificateVoided);

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

export function certificatesService(
  repositories: {
    certificates: ReturnType<typeof certificatesRepository>;
    machines: ReturnType<typeof machinesRepository>;
    brands: ReturnType<typeof brandsRepository>;
  },
  audit: AuditService,
) {
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

  /** Refuses a filter with a German message naming each field that is wrong; `fields` maps field to problem. */
  function refuseFilter(fields: Record<string, string>) {
    const problems = Object.values(fields);
    if (problems.length)
      throw badRequest(
        problems.length === 1 ? problems[0].replace(/\.?$/, '.') : messages.checkFilter,
        fields,
      );
  }

  /** The filter's brand and machine that do not exist, as field problems. */
  async function unknownIn({ brand_id, machine_id }: CertificateFilterQuery) {
    const fields: Record<string, string> = {};
    if (brand_id !== undefined && !(await brands.get(brand_id)))
      fields.brand_id = messages.filterBrandUnknown;
    if (machine_id !== undefined && !(await machines.get(machine_id)))
      fields.machine_id = messages.filterMachineUnknown;
    return fields;
  }

  /** A filter that matched nothing: a brand or machine that does not exist is refused, naming the field. */
  async function assertFilterKnown(filter: CertificateFilter) {
    refuseFilter(await unknownIn({ brand_id: filter.brandId, machine_id: filter.machineId }));
  }

  /**
   * The filter of a list or export request as the repository takes it; a day that does not exist or an inverted
   * range is refused with a message naming it (and the brand or machine, if they do not exist either). Whether
   * they exist is otherwise asked only of a filter that matched nothing (assertFilterKnown): a filter that found
   * certificates names ones that exist.
   */
  async function filterOf(query: CertificateFilterQuery & { search?: string }): Promise<CertificateFilter> {
    const fields: Record<string, string> = {};
    const start = query.from === undefined ? undefined : berlinDayStart(query.from);
    const end = query.to === undefined ? undefined : berlinDayStart(query.to);
    if (query.from !== undefined && !start) fields.from = messages.filterDayInvalid;
    if (query.to !== undefined && !end) fields.to = messages.filterDayInvalid;
    else if (start && end && end < start) fields.to = messages.filterRangeInverted;
    if (Object.keys(fields).length) refuseFilter({ ...fields, ...(await unknownIn(query)) });
    const checker = query.checked_by?.trim();
    const search = query.search?.trim();
    return {
      createdFrom: start?.toISOString(),
      createdBefore: end && query.to ? berlinDayStart(nextDay(query.to))!.toISOString() : undefined,
      brandId: query.brand_id,
      machineId: query.machine_id,
      checkerKey: checker ? searchKey(checker) : undefined,
      status: query.status,
      search: search || undefined,
    };
  }

  async function rowOf(id: number): Promise<CertificateRow> {
    const row = await certificates.get(id);
    if (!row) throw notFound(messages.certificateNotFound);
    return row;
  }

  /** The issue date of the revision before `revision` (none before the first), and the voided units. */
  async function standingOf(row: CertificateRow, revision = row.revision): Promise<Standing> {
    const earlier = revision > 1 ? await certificates.replacedRevision(row.id, revision - 1) : undefined;
    return {
      replaces_issued_at: earlier?.issued_at ?? null,
      voided_serials: row.voided_units ? await certificates.voidedSerials(row.id) : [],
    };
  }

  async function get(id: number): Promise<Certificate> {
    const row = await rowOf(id);
    return toCertificate(row, await standingOf(row));
  }

  /** A revision or void is made on the version it names, never on a voided certificate. */
  function assertChangeable(row: CertificateRow, version: number) {
    if (row.status === 'voided') throw voidedAlready();
    if (row.version !== version) throw stale();
  }

  /** The serials of `requested` that are units of `row` and not voided yet, or a field message for the rest. */
  async function unitsToVoid(row: CertificateRow, requested: string[]) {
    const units = new Map((await certificates.units(row.id)).map((unit) => [unit.serial, unit]));
    const serials = [...new Set(requested.map((serial) => serial.trim()))];
    const problems: string[] = [];
    for (const serial of serials) {
      const unit = units.get(serial);
      if (unit?.voided_at) problems.push(messages.unitAlreadyVoided(serial));
      else if (!unit)
        problems.push(
          (await certificates.unitBySerial(serial))
            ? messages.unitOfOtherCertificate(serial)
            : messages.unitUnknown(serial),
        );
    }
    if (problems.length) throw badRequest(messages.checkFields, { serials: problems.join(' ') });
    return serials;
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
          await trx.unitTotals.add({
            month: issueMonth(base),
            brandId: brand.id,
            machineId: machine.id,
            checker: row.checked_by,
            checkerKey: row.checked_by_key,
            certificates: 1,
            units: quantity,
            voidedUnits: 0,
          });
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
          return toCertificate(row, NOT_YET);
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

    /** Revision `revision` as it printed; an earlier one is marked replaced. */
    async revision(id: number, revision: number): Promise<Certificate> {
      const row = await rowOf(id);
      if (revision === row.revision) return toCertificate(row, await standingOf(row));
      const replaced = revision < row.revision && (await certificates.replacedRevision(id, revision));
      if (!replaced) throw notFound(messages.revisionNotFound);
      const printed = {
        ...row,
        ...(JSON.parse(replaced.fields) as Pick<CertificateRow, RevisableField>),
        revision,
        revised_at: revision > 1 ? replaced.issued_at : null,
      };
      return toCertificate(printed, {
        ...(await standingOf(row, revision)),
        replaced_at: replaced.replaced_at,
      });
    },

    /**
     * Corrects the revisable fields (docs/architecture.md#certificate-lifecycle): the certificate keeps its
     * number and serials and gets the next revision; the one it replaces is kept as it printed.
     */
    async revise(id: number, request: CertificateRevision, accountId: number, now = new Date()) {
      const row = await rowOf(id);
      const reason = request.reason.trim();
      const after = { ...revisable(request), checked_by: request.checked_by.trim() };
      const fields: Record<string, string> = {};
      if (!reason) fields.reason = messages.reasonRequired;
      if (!after.checked_by) fields.checked_by = fieldMessages.enter;
      for (const field of FIXED_FIELDS)
        if (request[field] !== undefined && request[field] !== row[field])
          fields[field] = messages.notRevisable;
      if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
      assertChangeable(row, request.version);
      const before = revisable(row);
      const changed = changes(before, after);
      if (!Object.keys(changed.after).length) throw badRequest(messages.nothingChanged);
      const at = now.toISOString();
      await certificates.transaction(async (trx) => {
        const written = await trx.changeAt(id, request.version, {
          ...after,
          checked_by_key: searchKey(after.checked_by),
          revision: row.revision + 1,
          revised_at: at,
          revised_by: accountId,
          revision_reason: reason,
          status: row.status === 'issued' ? 'revised' : row.status,
        });
        if (!written) throw stale();
        await trx.unitTotals.moveChecker(
          issueMonth(row.serial_base),
          { checker: row.checked_by, checkerKey: row.checked_by_key },
          { checker: after.checked_by, checkerKey: searchKey(after.checked_by) },
          { certificates: 1, units: row.quantity, voidedUnits: row.voided_units },
        );
        await trx.insertRevision({
          certificate_id: id,
          revision: row.revision,
          fields: JSON.stringify(before),
          issued_at: row.revised_at ?? row.created_at,
          issued_by: row.revised_by ?? row.created_by,
          reason: row.revision_reason,
          replaced_at: at,
        });
        await trx.audit.record(
          {
            accountId,
            action: 'certificate.revised',
            subject: { type: 'certificate', id },
            details: { revision: row.revision + 1, reason, ...changed },
          },
          now,
        );
      });
      return get(id);
    },

    /**
     * Voids the whole certificate, or the units named in `serials`. A voided serial stays taken: the counter
     * never goes back, so it is never issued again.
     */
    async void(id: number, request: VoidBody, accountId: number, now = new Date()) {
      const row = await rowOf(id);
      const reason = request.reason.trim();
      if (!reason) throw badRequest(messages.checkFields, { reason: messages.reasonRequired });
      assertChangeable(row, request.version);
      const serials = request.serials && (await unitsToVoid(row, request.serials));
      const voidedUnits = row.voided_units + (serials ? serials.length : row.quantity - row.voided_units);
      const at = now.toISOString();
      const voiding = { voided_at: at, voided_by: accountId, void_reason: reason };
      await certificates.transaction(async (trx) => {
        const written = await trx.changeAt(id, request.version, {
          voided_units: voidedUnits,
          status: voidedUnits === row.quantity ? 'voided' : 'partly_voided',
          ...(serials ? {} : voiding),
        });
        if (!written) throw stale();
        const voided = await trx.voidUnits(id, serials, voiding);
        await trx.unitTotals.add({
          month: issueMonth(row.serial_base),
          brandId: row.brand_id,
          machineId: row.machine_id,
          checker: row.checked_by,
          checkerKey: row.checked_by_key,
          certificates: 0,
          units: 0,
          voidedUnits: voided.length,
        });
        if (!serials)
          await trx.audit.record(
            {
              accountId,
              action: 'certificate.voided',
              subject: { type: 'certificate', id },
              details: { reason },
            },
            now,
          );
        else
          for (const serial of voided)
            await trx.audit.record(
              {
                accountId,
                action: 'unit.voided',
                subject: { type: 'unit', id: serial },
                details: { certificate_id: id, reason },
              },
              now,
            );
      });
      return get(id);
    },

    /** Every revision, newest first (the current one has no `replaced_at`), and every unit with its status. */
    async history(id: number): Promise<CertificateHistory> {
      const row = await rowOf(id);
      const current = {
        revision: row.revision,
        issued_at: row.revised_at ?? row.created_at,
        issued_by_email: await certificates.emailOf(row.revised_by ?? row.created_by),
        reason: row.revision_reason,
        replaced_at: null,
      };
      const replaced = (await certificates.replacedRevisions(id)).map(({ fields: _fields, ...info }) => info);
      return { revisions: [current, ...replaced], units: await certificates.units(id) };
    },

    /** The events of the certificate and of each of its units, newest first. */
    async events(id: number, query: EventsQuery) {
      const row = await rowOf(id);
      const serials = Array.from({ length: row.quantity }, (_, k) =>
        unitSerial(row.serial_base, row.first_unit_number, k),
      );
      return audit.ofSubjects(
        [
          { type: 'certificate', ids: [id] },
          { type: 'unit', ids: serials },
        ],
        query,
      );
    },

    /** One unit from its serial, with the certificate it belongs to. */
    async unit(serial: string): Promise<UnitView> {
      const found = await certificates.unitBySerial(serial);
      if (!found) throw notFound(messages.unitNotFound);
      const { certificate_id, ...unit } = found;
      return { unit, certificate: toWire(await get(certificate_id)) };
    },

    /** The events of one unit and of its certificate, newest first. */
    async unitEvents(serial: string, query: EventsQuery) {
      const found = await certificates.unitBySerial(serial);
      if (!found) throw notFound(messages.unitNotFound);
      return audit.ofSubjects(
        [
          { type: 'certificate', ids: [found.certificate_id] },
          { type: 'unit', ids: [serial] },
        ],
        query,
      );
    },

    /** A print dialog opened for an issued certificate: recorded in the audit trail. */
    async printed(id: number, kind: PrintKind, accountId: number) {
      await rowOf(id);
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
      const filter = await filterOf(request);
      const { search } = filter;
      // The newest certificate is position 1, so ascending positions mean descending ids.
      const page = { sort, direction: sort === 'pos' ? flip(order) : order, limit, offset };
      const byPositionDescending = sort === 'pos' && order === 'desc';
      const answer = (rows: CertificateListRow[], total: number) => ({
        total,
        data: withPositions(rows, { byPositionDescending, total, offset }) satisfies CertificateSummary[],
      });
      if (!isFiltered(filter)) {
        const rows = await certificates.listPage(page);
        // Past the last page no row carries the total, so it is read on its own.
        const total = rows.length ? Number(rows[0].total) : await certificates.total();
        return answer(
          rows.map(({ total: _total, ...row }) => row),
          total,
        );
      }
      const unit = search && (await certificates.findByUnitSerialMatching(search, filter));
      if (unit) return answer(offset === 0 ? [unit] : [], 1);
      const rows = await certificates.filteredPage(filter, page);
      // Past the last page no row carries the count, so it is read on its own; a filter that matched nothing
      // may name a brand or machine that does not exist.
      const total = rows.length ? Number(rows[0].total) : await certificates.count(filter);
      if (!total) await assertFilterKnown(filter);
      return answer(
        rows.map(({ total: _total, ...row }) => row),
        total,
      );
    },

    /**
     * What the list shows for `query`, as a file: one row per certificate or per unit serial, in the list's
     * order, streamed batch by batch (docs/architecture.md#reports-filters-exports-charts). Recorded in the audit trail. A filter
     * matching nothing is refused with a message rather than answered with an empty file.
     */
    async export(query: CertificateExportQuery, accountId: number) {
      const { format, rows = 'certificates', sort: wireSort, order = 'asc', ...rest } = query;
      const filter = await filterOf(rest);
      const unit = filter.search && (await certificates.findByUnitSerialMatching(filter.search, filter));
      const matching = unit ? { certificateId: unit.id } : filter;
      const sort: CertificateSort = wireSort ? domainName(wireSort) : 'pos';
      const batches = certificates.exportBatches(
        matching,
        { sort, direction: sort === 'pos' ? flip(order) : order },
        EXPORT_BATCH,
      );
      const first = await batches.next();
      if (first.done) {
        await assertFilterKnown(filter);
        throw new HttpError(404, 'NOTHING_TO_EXPORT', messages.nothingToExport);
      }
      const firstBatch = first.value;
      await certificates.audit.record({
        accountId,
        action: 'certificates.exported',
        subject: { type: 'export', id: format },
        details: { format, rows, filter: { ...rest, ...(wireSort && { sort: wireSort, order }) } },
      });
      async function* certificateBatches(): AsyncGenerator<CertificateExportRow[]> {
        yield firstBatch;
        yield* batches;
      }
      async function* unitBatches(): AsyncGenerator<UnitExportRow[]> {
        for await (const batch of certificateBatches()) {
          const byId = new Map(batch.map((row) => [row.id, row]));
          const units = await certificates.unitsOf([...byId.keys()]);
          // Units come in id order; the batch may be in another, so they are put in the batch's order.
          const unitsOf = new Map<number, typeof units>();
          for (const u of units) unitsOf.set(u.certificate_id, [...(unitsOf.get(u.certificate_id) ?? []), u]);
          yield batch.flatMap((row) =>
            (unitsOf.get(row.id) ?? []).map((u) => ({
              ...row,
              serial: u.serial,
              unit: u.unit_index + 1,
              unitVoided: u.voided_at !== null,
            })),
          );
        }
      }
      const body = new PassThrough();
      const written =
        rows === 'units'
          ? writeExport(format, unitBatches(), UNIT_COLUMNS, body)
          : writeExport(format, certificateBatches(), CERTIFICATE_COLUMNS, body);
      // Headers are sent by then; a failure midway can only cut the download short, which the browser sees.
      written.catch((error: unknown) => body.destroy(error as Error));
      const day = berlinIsoDate(new Date());
      return {
        body,
        contentType: CONTENT_TYPES[format],
        filename: `pruefberichte-${rows === 'units' ? 'seriennummern-' : ''}${day}.${format}`,
      };
    },
  };
}
