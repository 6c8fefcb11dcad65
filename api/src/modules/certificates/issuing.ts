import crypto from 'node:crypto';
import {
  berlinMonth,
  type Certificate,
  type CertificateDraft,
  type PlanStep,
  type UnitRelease,
} from 'contracts';
import { unlessUnique } from '../../db/errors';
import { HttpError, badRequest } from '../../errors';
import { messages } from '../../messages';
import { searchKey } from '../../text';
import type { BrandsRepository } from '../brands/brands.repository';
import type { MachinesRepository } from '../machines/machines.repository';
import { totalsOf } from '../reports/unit-totals.repository';
import type { CertificateTransactions } from './certificate-transaction';
import type { SettingsRepository } from '../accounts/settings.repository';
import type { TestPlansService } from '../test-plans/test-plans.service';
import type { TesterImports } from '../imports/tester-imports';
import type { Testers } from './testers';
import type { CertificateView } from './certificate-view';
import { instrumentRows } from './measuring-instruments';
import {
  judgeResults,
  legacyColumns,
  legacyResults,
  releaseOf,
  verdictOf,
  type JudgedUnit,
} from './test-results';
import type { CertificateRow, CertificatesRepository } from './certificates.repository';
import { serialBase, unitSerial } from './serial';

/** `value` as JSON with every object's keys in order, at every depth, so the same request always reads the same. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

/** The same request gives the same hash whatever order its fields came in, its results' too. */
const hashOf = (draft: CertificateDraft) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(draft)))
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
  { machine, brand, plan, tester }: Snapshot,
  serials: { base: string; first: number; list: string[] },
  { units, releases }: { units: JudgedUnit[]; releases: UnitRelease[] },
  accountId: number,
  now: Date,
) {
  const { resistance_to_voltage, ...checks } = legacyColumns(plan.steps, units);
  return {
    brand_id: brand.id,
    machine_id: machine.id,
    created_by: accountId,
    checked_by: draft.checked_by,
    checked_by_key: searchKey(draft.checked_by),
    machine_name_key: searchKey(machine.name),
    quantity: draft.quantity,
    ...checks,
    resistance_to_voltage,
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
    plan_version: plan.version,
    plan_steps: JSON.stringify(plan.steps),
    tested_by_name: tester,
    ...verdictOf(releases),
  };
}

/** What a certificate is issued with besides the form: machine, brand, the plan, who tests and the settings. */
interface Snapshot {
  machine: Machine;
  brand: Brand;
  plan: { version: number; steps: PlanStep[] };
  tester: string;
  bySecondPerson: boolean;
}

/** What the units are tested with beyond their values: the instruments, and the tester's file some came from. */
interface Measured {
  instruments: Record<string, number>;
  source?: { file_id: number; covered: number[] };
}

/** Everything the certificate prints about the machine and brand comes from the database, never the client. */
async function machineAndBrand(
  draft: CertificateDraft,
  { machines, brands }: { machines: Pick<MachinesRepository, 'get'>; brands: Pick<BrandsRepository, 'get'> },
) {
  const fields: Record<string, string> = {};
  if (!draft.checked_by) fields.checked_by = messages.fields.enter;
  const machine = await machines.get(draft.machine_id);
  const brand = await brands.get(draft.brand_id);
  if (!brand) fields.brand_id = messages.fields.brandMissing;
  if (!machine) fields.machine_id = messages.fields.machineMissing;
  else if (brand && machine.brand_id !== brand.id) fields.machine_id = messages.machineNotOfBrand;
  if (Object.keys(fields).length || !machine || !brand) throw badRequest(messages.checkFields, fields);
  return { machine, brand };
}

/** The records of one issue in the issuing transaction: units, counts, units per month, audit, key. */
async function store(
  transaction: CertificateTransactions,
  draft: CertificateDraft,
  snapshot: Snapshot,
  units: JudgedUnit[],
  measured: Measured,
  { accountId, idempotencyKey, requestHash, now }: IssueContext,
): Promise<number> {
  const base = serialBase(snapshot.machine.serial_prefix, now);
  const { quantity } = draft;
  const releases = units.map((unit) => releaseOf(unit.passed, snapshot.bySecondPerson));
  return transaction(async (trx) => {
    const first = (await trx.certificates.takeUnitNumbers(base, quantity)) - quantity + 1;
    const serials = Array.from({ length: quantity }, (_, k) => unitSerial(base, first, k));
    const row: CertificateRow = await trx.certificates.insert(
      rowOf(draft, snapshot, { base, first, list: serials }, { units, releases }, accountId, now),
    );
    await trx.certificates.countOneMore();
    await trx.units.insert(row.id, serials, releases);
    const tester = { tested_by: accountId, tested_by_name: snapshot.tester, tested_at: now.toISOString() };
    await trx.attempts.insert(
      row.id,
      units.map((test, unit_index) => ({
        unit_index,
        attempt: 1,
        test,
        source_file_id: measured.source?.covered.includes(unit_index) ? measured.source.file_id : null,
      })),
      tester,
    );
    await trx.instruments.recordUse(
      await instrumentRows(trx, snapshot.plan.steps, measured.instruments, {
        certificate_id: row.id,
        units: units.map((_, unit_index) => ({ unit_index, attempt: 1 })),
        now,
      }),
    );
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
          plan_version: row.plan_version,
          failed_units: row.failed_units,
          ...(measured.source && { tester_file_id: measured.source.file_id }),
        },
      },
      now,
    );
    await trx.documentDue(row.id);
    if (idempotencyKey)
      await trx.certificates.rememberKey({
        account_id: accountId,
        key: idempotencyKey,
        request_hash: requestHash,
        certificate_id: row.id,
        created_at: now.toISOString(),
      });
    return row.id;
  });
}

/** Issuing a certificate: the serial numbers, the snapshot, and the Idempotency-Key that makes a retry safe. */
export function issuing({
  certificates,
  machines,
  brands,
  plans,
  testers,
  settings,
  view,
  transaction,
  imports,
}: {
  certificates: Pick<CertificatesRepository, 'findIssuedWithKey'>;
  machines: Pick<MachinesRepository, 'get'>;
  brands: Pick<BrandsRepository, 'get'>;
  plans: Pick<TestPlansService, 'current'>;
  testers: Testers;
  settings: Pick<SettingsRepository, 'get'>;
  view: Pick<CertificateView, 'get'>;
  transaction: CertificateTransactions;
  imports: Pick<TesterImports, 'forIssue'>;
}) {
  /**
   * The machine, brand, plan and tester of a new certificate, and its results judged against the plan: with a
   * tester's file, its values as if typed (api/src/modules/imports/tester-imports.ts).
   */
  async function prepare(draft: CertificateDraft, accountId: number, now: Date) {
    const { machine, brand } = await machineAndBrand(draft, { machines, brands });
    const plan = await plans.current(machine.id);
    let results = draft.results ?? legacyResults(plan.steps, draft);
    const measured: Measured = { instruments: results.instruments ?? {} };
    if (results.tester_file) {
      const imported = await imports.forIssue(
        results.tester_file,
        { machine_id: machine.id, steps: plan.steps, quantity: draft.quantity },
        { units: results.units, instruments: measured.instruments },
        now,
      );
      results = { ...results, units: imported.units };
      measured.instruments = imported.instruments;
      measured.source = { file_id: imported.file_id, covered: imported.covered };
    }
    const units = judgeResults(plan.steps, results, draft.quantity);
    const snapshot: Snapshot = {
      machine,
      brand,
      plan,
      tester: await testers.nameOf(accountId),
      bySecondPerson: (await settings.get()).release_by_second_person,
    };
    return { snapshot, units, measured };
  }

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
      const { snapshot, units, measured } = await prepare(draft, accountId, now);
      const serialTaken = () => new HttpError(409, 'SERIAL_CONFLICT', messages.serialConflict);
      const context = { accountId, idempotencyKey, requestHash, now };
      return unlessUnique(store(transaction, draft, snapshot, units, measured, context), serialTaken)
        .then(view.get)
        .catch(async (error: unknown) => {
          // A concurrent request with the same key committed first (this one's key row collided and everything
          // it wrote rolled back): answer with that certificate, as a retry would get it.
          const winner = await issuedBefore(accountId, idempotencyKey, requestHash);
          if (winner) return winner;
          throw error;
        });
    },
  };
}
