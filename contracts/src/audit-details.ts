import type { Role } from './accounts';
import type { CalibrationBody, ImpactClosing, ImpactQuery, InstrumentBody } from './instruments';
import type { ExportFormat, RevisableField } from './constants';
import type { NoticeBody } from './safety-notices';
import type { ServiceRequestStatus } from './service-requests';
import type {
  AuditAction,
  AuditEvent,
  AuditExportQuery,
  AuditPage,
  Brand,
  BrandBody,
  CertificateExportQuery,
  ExportRows,
  Machine,
  Settings,
} from './schemas';

/** A change: the fields that differ, each side with only those fields. */
export type Change<T> = {
  before: Partial<T>;
  after: Partial<T>;
};

/** What identifies an account event: the account's e-mail; `by: 'cli'` when made on the server's command line. */
type AccountDetails = {
  email: string;
  by?: 'cli';
};

/** Made by a sign-in with the company account: the groups the directory sent (docs/decisions/0029-company-account-sign-in.md). */
type ByDirectory = { by: 'directory'; groups: string[] };

/** Nothing beyond the event's subject. */
type NoDetails = Record<string, never>;
/** A tester file's mapping as the trail writes it: the serial's column (null: row order), step key → column. */
type ImportMappingWords = { serial_column: string | null; columns: Record<string, string> };

/** The printed fields of a certificate a revision corrects, in the names the code uses (`origin`). */
type RevisedFields = Record<RevisableField, string | number>;

/**
 * The details the audit trail stores with each action (docs/architecture.md#audit-trail): the API writes
 * exactly these shapes, the UI reads them without casts by narrowing a TypedAuditEvent on its `action`.
 */
export type AuditDetails = {
  'certificate.issued': {
    machine_id: number;
    quantity: number;
    first_serial: string;
    last_serial: string;
    /** The plan version tested against and how many units failed (docs/decisions/0010-test-record.md). */
    plan_version?: number;
    failed_units?: number;
    /** The tester's file values came from (docs/tester-files.md). */
    tester_file_id?: number;
  };
  'test_plan.changed': { version: number; steps: number; copied_from?: number; reason?: string };
  'units.released': { serials: string[] };
  'units.released_by_deviation': { serials: string[]; reason: string };
  'unit.retested': {
    certificate_id: number;
    attempt: number;
    passed: boolean;
    failure_reason?: string;
    tester_file_id?: number;
  };
  'instrument.created': InstrumentBody;
  'instrument.changed': Change<InstrumentBody>;
  'instrument.calibrated': CalibrationBody & { affected_certificates: number };
  'impact.closed': { instrument_id: number; closed_as: ImpactClosing; note: string };
  /** `replaced`: the SHA-256 of the certificate uploaded before this one (it stays stored). */
  'calibration.certificate_uploaded': {
    calibration_id: number;
    bytes: number;
    sha256: string;
    replaced: string | null;
  };
  'impacts.exported': { format: ExportFormat; filter: ImpactQuery };
  'certificate.printed': NoDetails;
  'certificate.reprinted': NoDetails;
  'certificate.revised': { revision: number; reason: string } & Change<RevisedFields>;
  'certificate.voided': { reason: string };
  'unit.voided': { certificate_id: number; reason: string };
  'labels.printed': NoDetails;
  'certificates.exported': {
    format: ExportFormat;
    rows: ExportRows;
    /** The list's filter, search and order as the request named them (wire names). */
    filter: Omit<CertificateExportQuery, 'format' | 'rows'>;
  };
  'brand.created': Required<BrandBody>;
  'brand.changed': Change<Brand>;
  'machine.created': Omit<Machine, 'id' | 'created_at' | 'updated_at'>;
  'machine.changed': Change<Machine>;
  'image.uploaded': { bytes: number };
  'auth.signed_in': { address: string; second_factor?: 'totp' | 'recovery_code'; by?: 'directory' };
  /** `reason`: why the company account was refused, as the user read it. */
  'auth.sign_in_failed': { address: string; step?: 'code' | 'directory'; reason?: string };
  'auth.locked_out': { address: string; by: 'account' | 'address' };
  'auth.signed_out': NoDetails;
  'auth.signed_out_everywhere': AccountDetails;
  'auth.recovery_code_used': { address: string; left: number };
  'account.created': (AccountDetails | (Omit<AccountDetails, 'by'> & ByDirectory)) & { roles: Role[] };
  'account.linked_to_directory': Omit<AccountDetails, 'by'> & ByDirectory & { email_verified: true };
  'account.disabled': AccountDetails;
  'account.enabled': AccountDetails;
  'account.roles_changed': (AccountDetails | (Omit<AccountDetails, 'by'> & ByDirectory)) & {
    before: Role[];
    after: Role[];
  };
  'account.password_reset': AccountDetails;
  'account.password_changed': AccountDetails;
  'account.two_factor_enabled': AccountDetails;
  'account.two_factor_disabled': AccountDetails;
  'settings.changed': { before: Settings; after: Settings };
  'account.two_factor_reset': AccountDetails & { reason: string };
  /** A wrong current password given to change the own password or two-factor sign-in. */
  'account.password_check_failed': AccountDetails & { address: string };
  'account.unlocked': AccountDetails;
  'account.two_factor_requirement_changed': AccountDetails & { required: boolean };
  /** The trail's filter as the request named it. */
  'audit.exported': { format: ExportFormat; filter: Omit<AuditExportQuery, 'format'> };
  'document.uploaded': {
    machine_id: number;
    kind: string;
    language: string;
    valid_from: string;
    bytes: number;
    sha256: string;
  };
  /** The earlier version of the same kind and language that `by` follows; it stays retrievable. */
  'document.superseded': { machine_id: number; by: number; valid_from: string };
  'paper_request.sent': { sent_on: string };
  /** A job that had failed for good, queued again by an administrator. */
  'job.retried': { kind: string; subject: string; error: string };
  /** The catalogue of failure reasons, its subject the reason's code (it never changes). */
  'failure_reason.created': { name: string };
  'failure_reason.renamed': Change<{ name: string }>;
  'failure_reason.removed': { name: string };
  /** A tester file's mapping (docs/tester-files.md), its subject the machine; `columns`: step key → column. */
  'import_mapping.saved': { tester_model: string } & ImportMappingWords;
  'import_mapping.changed': { tester_model: string } & Change<ImportMappingWords>;
  'import_mapping.removed': { tester_model: string } & ImportMappingWords;
  /** A vendor's measurement ids, its subject the vendor; each id as „68/135 = isolation“. */
  'measurement_ids.changed': Change<{ ids: string[] }>;
  /** The notice as published (its texts stay on the notice), and how many issued units it covered then. */
  'notice.published': Pick<NoticeBody, 'severity' | 'title_de'> & {
    notice_id: number;
    serial_from: string | null;
    serial_to: string | null;
    issued_from: string | null;
    issued_to: string | null;
    affected: number;
  };
  'notice.closed': { notice_id: number; reason: string };
  'notice.exported': { notice_id: number; format: ExportFormat };
  /** An owner registered the unit; who is kept with the registration only (api/src/modules/registrations). */
  'unit.registered': { status: 'active' | 'conflict' };
  /** On the owner's request (a reason given) or at the end of its retention (`retention`). */
  'registration.deleted': { reason: string };
  /** A customer asked for service; who is kept with the request only (api/src/modules/service-requests). */
  'service_request.received': { request_id: number; photos: number };
  'service_request.status_changed': { request_id: number } & Change<{ status: ServiceRequestStatus }>;
  /** The note's words stay with the request, which is deleted with it. */
  'service_request.note_added': { request_id: number };
  /** On the customer's request (a reason given) or at the end of its retention (`retention`). */
  'service_request.deleted': { request_id: number; reason: string };
};

/** An event of the audit trail whose `details` are typed by its `action`: narrow on `action` to read them. */
export type TypedAuditEvent = {
  [A in AuditAction]: Omit<AuditEvent, 'action' | 'details'> & { action: A; details: AuditDetails[A] };
}[AuditAction];

/** Fails to compile when an action has no entry in AuditDetails or an entry names no action. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const AUDIT_DETAILS_COMPLETE: Exactly<keyof AuditDetails, AuditAction> = true;

/** A page of the audit trail with each event's details typed by its action. */
export type TypedAuditPage = Omit<AuditPage, 'data'> & { data: TypedAuditEvent[] };
