import {
  isRevisableCheck,
  LEGACY_CHECK_KEYS,
  REVISABLE_FIELDS,
  type PlanStep,
  type Certificate,
  type CertificateHistory,
  type FromWire,
  type RevisableField,
  type RevisionBody,
} from 'contracts';
import { badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import { searchKey } from '../../text';
import { changes } from '../audit/audit.service';
import type { CertificateTransaction, CertificateTransactions } from './certificate-transaction';
import { testRecordOf, toCertificate, type CertificateView } from './certificate-view';
import type { CertificateRow } from './certificates.repository';
import type { RevisionsRepository } from './revisions.repository';
import { assertChangeable, stale } from './lifecycle';
import type { UnitsRepository } from './units.repository';
import type { SettingsRepository } from '../accounts/settings.repository';
import { correctTests } from './corrected-tests';
import { lastAttempts, recordedColumns } from './test-results';
import type { Testers } from './testers';

/** A revision request in the names the code uses (`origin`, not the wire's `origin_germany`). */
export type CertificateRevision = FromWire<RevisionBody>;
type Revisable = Pick<CertificateRow, RevisableField>;

/** The revisable fields of a certificate or a revision request, in the order of REVISABLE_FIELDS. */
const revisable = (source: Revisable) =>
  Object.fromEntries(REVISABLE_FIELDS.map((field) => [field, source[field]])) as Revisable;

/** Fields a revision never changes; a request that tries is told to void and issue anew. */
const FIXED_FIELDS = ['machine_id', 'brand_id', 'serial_prefix'] as const;

/**
 * The corrected fields of a revision request, or a 400 naming each field that is wrong. A check the request does
 * not name (the certificate's plan has no such step) keeps its stored value.
 */
function revisionOf(row: CertificateRow, request: CertificateRevision) {
  const reason = request.reason.trim();
  const sent = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
  const after = { ...revisable({ ...row, ...sent }), checked_by: request.checked_by.trim() };
  const fields: Record<string, string> = {};
  if (!reason) fields.reason = messages.reasonRequired;
  if (!after.checked_by) fields.checked_by = messages.fields.enter;
  for (const field of FIXED_FIELDS)
    if (request[field] !== undefined && request[field] !== row[field]) fields[field] = messages.notRevisable;
  if (Object.keys(fields).length) throw badRequest(messages.checkFields, fields);
  return { reason, after };
}

/**
 * Refuses (400) a check column the revision changes to other than the test record says after its corrections:
 * a measured value is corrected by a retest (releasing.ts), a voided unit is not retested, and a check the plan
 * lacks has no result. A check sent as stored is no contradiction; its column is written as the record says.
 */
function assertNoContradiction(
  row: CertificateRow,
  after: Revisable,
  recorded: Partial<Record<string, string>>,
  steps: readonly PlanStep[],
) {
  const fields: Record<string, string> = {};
  for (const key of LEGACY_CHECK_KEYS) {
    const sent = after[key as RevisableField];
    if (sent === row[key as RevisableField] || sent === recorded[key]) continue;
    const step = steps.find((s) => s.key === key);
    fields[key] = !step
      ? `${key}: ${messages.results.unknownStep}`
      : `${step.title.de}: ${
          isRevisableCheck(step)
            ? messages.voidedUnitRecorded(recorded[key] ?? '')
            : messages.measuredByRetest(recorded[key] ?? '')
        }`;
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields).join(' '), fields);
}

/**
 * Writes revision n+1 in `trx`: the certificate's fields and version, the test record corrected with its checks
 * (corrected-tests.ts) and the check columns as the record then says, the checker's units per month, the replaced revision as it printed, and the audit event
 * with what changed.
 */
async function writeRevision(
  trx: CertificateTransaction,
  row: CertificateRow,
  change: { version: number; reason: string; after: Revisable; accountId: number; now: Date },
  tests: { testerName: string; bySecondPerson: boolean },
) {
  const { version, reason, after, accountId, now } = change;
  const before = revisable(row);
  const at = now.toISOString();
  const written = await trx.certificates.changeAt(row.id, version, {
    ...after,
    checked_by_key: searchKey(after.checked_by),
    revision: row.revision + 1,
    revised_at: at,
    revised_by: accountId,
    revision_reason: reason,
    status: row.status === 'issued' ? 'revised' : row.status,
  });
  if (!written) throw stale();
  // After the certificate's row: a concurrent revision or void waits there first, never on the units.
  const tester = { tested_by: accountId, tested_by_name: tests.testerName, tested_at: at };
  const verdict = await correctTests(trx, row, after, { tester, bySecondPerson: tests.bySecondPerson });
  const record = testRecordOf(row, await trx.units.of(row.id), await trx.attempts.of(row.id));
  const recorded = recordedColumns(record.steps, lastAttempts(record));
  assertNoContradiction(row, after, recorded, record.steps);
  await trx.certificates.setRecorded(row.id, { ...recorded, ...verdict });
  const revised = { ...after, ...recorded };
  await trx.unitTotals.moveChecker(
    row.issue_month,
    { checker: row.checked_by, checker_key: row.checked_by_key },
    { checker: after.checked_by, checker_key: searchKey(after.checked_by) },
    { certificates: 1, units: row.quantity, voided_units: row.voided_units },
  );
  await trx.revisions.insert({
    certificate_id: row.id,
    revision: row.revision,
    fields: JSON.stringify(before),
    issued_at: row.revised_at ?? row.created_at,
    issued_by: row.revised_by ?? row.created_by,
    reason: row.revision_reason,
    replaced_at: at,
  });
  const details = { revision: row.revision + 1, reason, ...changes(before, revised) };
  const subject = { type: 'certificate', id: row.id };
  await trx.audit.record({ accountId, action: 'certificate.revised', subject, details }, now);
  await trx.documentDue(row.id);
}

/**
 * Revisions of an issued certificate: the correction itself, earlier revisions as they printed, and the
 * history of revisions and units.
 */
export function revising({
  revisions,
  units,
  settings,
  testers,
  view,
  transaction,
}: {
  revisions: Pick<RevisionsRepository, 'get' | 'replaced' | 'issuerOf'>;
  units: Pick<UnitsRepository, 'of'>;
  settings: Pick<SettingsRepository, 'get'>;
  testers: Testers;
  view: CertificateView;
  transaction: CertificateTransactions;
}) {
  const { rowOf, standingOf, get } = view;
  return {
    /** Revision `revision` as it printed; an earlier one is marked replaced. */
    async revision(id: number, revision: number): Promise<Certificate> {
      const row = await rowOf(id);
      if (revision === row.revision) return toCertificate(row, await standingOf(row));
      const replaced = revision < row.revision && (await revisions.get(id, revision));
      if (!replaced) throw notFound(messages.revisionNotFound);
      const printed = {
        ...row,
        ...(JSON.parse(replaced.fields) as Revisable),
        revision,
        revised_at: revision > 1 ? replaced.issued_at : null,
      };
      return toCertificate(printed, {
        ...(await standingOf(row, revision)),
        replaced_at: replaced.replaced_at,
      });
    },

    /**
     * Corrects the revisable fields: the certificate keeps its number and serials and gets the next revision;
     * the one it replaces is kept as it printed.
     */
    async revise(id: number, request: CertificateRevision, accountId: number, now = new Date()) {
      const row = await rowOf(id);
      const { reason, after } = revisionOf(row, request);
      assertChangeable(row, request.version);
      if (!Object.keys(changes(revisable(row), after).after).length)
        throw badRequest(messages.nothingChanged);
      const tests = {
        testerName: await testers.nameOf(accountId),
        bySecondPerson: (await settings.get()).release_by_second_person,
      };
      await transaction((trx) =>
        writeRevision(trx, row, { version: request.version, reason, after, accountId, now }, tests),
      );
      return get(id);
    },

    /** Every revision, newest first (the current one has no `replaced_at`), and every unit with its status. */
    async history(id: number): Promise<CertificateHistory> {
      const row = await rowOf(id);
      const current = {
        revision: row.revision,
        issued_at: row.revised_at ?? row.created_at,
        ...(await revisions.issuerOf(row.revised_by ?? row.created_by)),
        reason: row.revision_reason,
        replaced_at: null,
      };
      return {
        revisions: [current, ...(await revisions.replaced(id))],
        units: await units.of(id),
      };
    },
  };
}
