import { ROLE_LABELS, type Role } from './accounts';
import type { TypedAuditEvent } from './audit-details';
import { formatDate } from './format-date';
import { AUDIT_ACTION_LABELS } from './audit-actions';
import { CERTIFICATE_STATUS_LABELS } from './status-labels';
import { DEFAULT_PLAN_STEPS } from './test-record';
import { IMPACT_CLOSING_LABELS, INSTRUMENT_KIND_LABELS, INSTRUMENT_STATUS_LABELS } from './instruments';
import { NOTICE_SEVERITY_LABELS } from './safety-notices';
import { SERVICE_REQUEST_STATUS_LABELS } from './service-requests';

/**
 * The audit trail in plain words, for the staff screen (shell) and the trail's export (API) alike: an auditor
 * reads „Rollen geändert: Prüfer → Prüfer, Lesen“, never a key or JSON (docs/architecture.md#audit-trail). The
 * German words are the default; the staff screen passes the words of its reader's language (shared-ui/src/audit/),
 * the export those of the account that asked for it (api/src/export-words.ts).
 */

/** What the trail names as subjects. */
export const AUDIT_SUBJECT_LABELS: Record<string, string> = {
  certificate: 'Prüfbericht',
  unit: 'Einheit',
  machine: 'Maschine',
  brand: 'Marke',
  image: 'Bild',
  account: 'Konto',
  settings: 'Einstellung',
  export: 'Export',
  audit: 'Protokoll',
  document: 'Dokument',
  test_plan: 'Prüfplan',
  instrument: 'Prüfmittel',
  failure_reason: 'Fehlerursache',
  tester_measurement_ids: 'Messungs-IDs',
};

/** The German name of each field the details name (the default plan's checks are named by the plan). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // A safety notice's scope (contracts/src/safety-notices.ts).
  affected: 'Betroffene Einheiten',
  issued_from: 'Ausgestellt ab',
  issued_to: 'Ausgestellt bis',
  notice_id: 'Sicherheitshinweis Nr.',
  // A service request (api/src/modules/service-requests).
  request_id: 'Serviceanfrage Nr.',
  photos: 'Fotos',
  serial_from: 'Seriennummer von',
  serial_to: 'Seriennummer bis',
  severity: 'Art des Hinweises',
  title_de: 'Titel (Deutsch)',
  address: 'Adresse',
  bytes: 'Größe',
  by: 'Durch',
  brand_id: 'Marke Nr.',
  certificate_id: 'Prüfbericht Nr.',
  checked_by: 'Geprüft von',
  description: 'Beschreibung',
  electronic_circuit_board: 'Elektronische Platine',
  email: 'E-Mail',
  ean_number: 'EAN',
  first_serial: 'Erste Seriennummer',
  format: 'Format',
  image: 'Bild',
  last_serial: 'Letzte Seriennummer',
  left: 'Verbleibende Codes',
  link_en: 'Englische Produktseite',
  link_ger: 'Deutsche Produktseite',
  logo: 'Logo',
  machine_id: 'Maschine Nr.',
  name: 'Name',
  observation: 'Beobachtung',
  origin: 'Herkunft',
  quantity: 'Menge',
  reason: 'Grund',
  release_by_second_person: 'Freigabe durch eine zweite Person',
  require_two_factor: 'Zwei-Faktor-Anmeldung für alle',
  required: 'Vorgeschrieben',
  resistance_to_voltage: 'Spannungsfestigkeit',
  revision: 'Revision',
  roles: 'Rollen',
  groups: 'Gruppen im Verzeichnis',
  email_verified: 'E-Mail vom Anbieter bestätigt',
  rows: 'Eine Zeile je',
  second_factor: 'Zweiter Faktor',
  serial_prefix: 'Seriennummer-Präfix',
  step: 'Schritt',
  voltage_resistance: 'Spannungsfestigkeit',
  website_link: 'Website',
  account_id: 'Konto Nr.',
  action: 'Aktion',
  subject_type: 'Art',
  subject_id: 'Kennung',
  serial: 'Seriennummer',
  // The test record (docs/decisions/0010-test-record.md).
  version: 'Version',
  steps: 'Schritte',
  copied_from: 'Kopiert von Maschine Nr.',
  serials: 'Seriennummern',
  attempt: 'Versuch',
  passed: 'Bestanden',
  plan_version: 'Prüfplan-Version',
  failed_units: 'Nicht bestandene Einheiten',
  tester_file_id: 'Prüfgerätedatei Nr.',
  tester_model: 'Prüfgerätemodell',
  serial_column: 'Spalte der Seriennummer',
  columns: 'Spalten',
  ids: 'Messungs-IDs',
  inventory_number: 'Inventarnummer',
  maker: 'Hersteller',
  model: 'Modell',
  serial_number: 'Seriennummer',
  kind: 'Art',
  interval_months: 'Intervall (Monate)',
  last_calibrated: 'Letzte Kalibrierung',
  due: 'Fällig',
  calibrated_on: 'Kalibriert am',
  result: 'Ergebnis',
  suspect_since: 'Verdächtig seit',
  affected_certificates: 'Betroffene Prüfberichte',
  instrument_id: 'Prüfmittel Nr.',
  closed_as: 'Abgeschlossen als',
  note: 'Notiz',
  calibration_id: 'Kalibrierung Nr.',
  sha256: 'Prüfsumme (SHA-256)',
  replaced: 'Ersetzt',
  open: 'Nur offene',
  // The list's filter as an export names it.
  from: 'Von',
  to: 'Bis',
  search: 'Suche',
  status: 'Status',
  sort: 'Sortiert nach',
  order: 'Reihenfolge',
};

/** Values that are words of the code rather than of the reader; an action's name is AUDIT_ACTION_LABELS'. */
export const AUDIT_VALUE_LABELS: Record<string, string> = {
  in_tolerance: 'in Toleranz',
  out_of_tolerance: 'außer Toleranz',
  ...INSTRUMENT_STATUS_LABELS,
  ...INSTRUMENT_KIND_LABELS,
  ...IMPACT_CLOSING_LABELS,
  ...NOTICE_SEVERITY_LABELS,
  cli: 'Kommandozeile des Servers',
  directory: 'Firmenkonto (Verzeichnis)',
  account: 'Konto',
  code: 'Code',
  totp: 'Authenticator-App',
  recovery_code: 'Wiederherstellungscode',
  certificates: 'Prüfbericht',
  units: 'Seriennummer',
  xlsx: 'Excel (XLSX)',
  csv: 'CSV',
  asc: 'aufsteigend',
  desc: 'absteigend',
  // A registration's status (api/src/modules/registrations).
  active: 'gültig',
  conflict: 'Konflikt (schon registriert)',
  ...SERVICE_REQUEST_STATUS_LABELS,
  ...CERTIFICATE_STATUS_LABELS,
};

/** The words the trail's text is made of, in one language. */
export interface AuditWords {
  /** A field's name; undefined for one these words do not name (it is then shown as its key in words). */
  field(key: string): string | undefined;
  /** The name of a value that is a word of the code (a status, a kind, an action); undefined for any other. */
  value(value: string): string | undefined;
  role(role: Role): string;
  yes: string;
  no: string;
  filter: string;
  /** The locale that writes numbers. */
  locale: string;
  /** A calendar day (2026-11-21) as the language writes it. */
  day(day: string): string;
}

const own = (labels: Record<string, string>, key: string) =>
  Object.hasOwn(labels, key) ? labels[key] : undefined;

/** The export's words, and the default everywhere. */
export const GERMAN_AUDIT_WORDS: AuditWords = {
  field: (key) =>
    own(AUDIT_FIELD_LABELS, key) ?? DEFAULT_PLAN_STEPS.find((step) => step.key === key)?.title.de,
  value: (value) => own(AUDIT_VALUE_LABELS, value) ?? own(AUDIT_ACTION_LABELS, value),
  role: (role) => ROLE_LABELS[role],
  yes: 'ja',
  no: 'nein',
  filter: 'Filter',
  locale: 'de-DE',
  day: (day) => formatDate(`${day}T12:00:00Z`),
};

const ROLE_KEYS = new Set(['roles', 'before', 'after']);

/** A field's name; a field the words do not name is shown as words, never as a key with underscores. */
export function auditFieldLabel(key: string, words = GERMAN_AUDIT_WORDS): string {
  const label = words.field(key) ?? key.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const isRole = (value: unknown): value is Role => typeof value === 'string' && value in ROLE_LABELS;

/** A value as a reader says it: yes/no, roles by their names, a date as a date, nested fields as „Name: Wert“. */
export function auditValue(value: unknown, key = '', words = GERMAN_AUDIT_WORDS): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (key === 'electronic_circuit_board' && typeof value === 'number') return value ? words.yes : words.no;
  if (key === 'bytes' && typeof value === 'number')
    return `${(value / 1024).toLocaleString(words.locale, { maximumFractionDigits: 0 })} KB`;
  if (Array.isArray(value))
    return value.length
      ? value
          .map((item) =>
            ROLE_KEYS.has(key) && isRole(item) ? words.role(item) : auditValue(item, '', words),
          )
          .join(', ')
      : '–';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .map(
        ([inner, innerValue]) => `${auditFieldLabel(inner, words)}: ${auditValue(innerValue, inner, words)}`,
      )
      .join(', ');
  if (typeof value === 'number') return value.toLocaleString(words.locale);
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return words.day(text);
  return words.value(text) ?? text;
}

/**
 * The subject as a reader names it: „Prüfbericht 7“, „Einheit 4852611004“; in German unless `subjects` and
 * `words` name it in another language (the API's export, api/src/export-words.ts).
 */
export function describeAuditSubject(
  event: Pick<TypedAuditEvent, 'subject_type' | 'subject_id'>,
  subjects = AUDIT_SUBJECT_LABELS,
  words = GERMAN_AUDIT_WORDS,
): string {
  return `${subjects[event.subject_type] ?? auditFieldLabel(event.subject_type, words)} ${event.subject_id}`;
}

/**
 * The details of an event in the words given (German by default, as the export): a change as „Feld: vorher →
 * nachher“ (roles as their names), the rest as „Feld: Wert“, joined by „ · “. Empty for an event whose subject
 * says it all.
 */
export function describeAuditDetails(event: TypedAuditEvent, words = GERMAN_AUDIT_WORDS): string {
  const details = event.details as Record<string, unknown>;
  const parts: string[] = [];
  const { before, after, filter, ...rest } = details;
  if (Array.isArray(before) && Array.isArray(after))
    parts.push(`${auditValue(before, 'roles', words)} → ${auditValue(after, 'roles', words)}`);
  else if (before && after && typeof before === 'object' && typeof after === 'object') {
    const was = before as Record<string, unknown>;
    for (const [key, value] of Object.entries(after as Record<string, unknown>))
      parts.push(
        `${auditFieldLabel(key, words)}: ${auditValue(was[key], key, words)} → ${auditValue(value, key, words)}`,
      );
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    parts.push(`${auditFieldLabel(key, words)}: ${auditValue(value, key, words)}`);
  }
  if (filter && typeof filter === 'object' && Object.keys(filter).length)
    parts.push(`${words.filter}: ${auditValue(filter, '', words)}`);
  return parts.join(' · ');
}

/** The whole event in one line: „Rollen geändert: Prüfer → Prüfer, Lesen“. */
export function describeAuditEvent(event: TypedAuditEvent): string {
  const details = describeAuditDetails(event);
  return details ? `${AUDIT_ACTION_LABELS[event.action]}: ${details}` : AUDIT_ACTION_LABELS[event.action];
}
