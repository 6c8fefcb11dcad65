import {
  AUDIT_ACTION_LABELS,
  AUDIT_SUBJECT_LABELS,
  CERTIFICATE_STATUS_LABELS,
  DEFAULT_PLAN_STEPS,
  FAIL,
  GERMAN_AUDIT_WORDS,
  IMPACT_CLOSING_LABELS,
  PASS,
  STAFF_LOCALES,
  UNIT_RELEASE_LABELS,
  formatDate,
  formatDateTime,
  keyedMap,
  type AuditAction,
  type AuditWords,
  type CertificateStatus,
  type ImpactClosing,
  type PlanStep,
  type StaffLanguage,
  type UnitRelease,
} from 'contracts';
// The audit trail's words, which the staff screens show too (shared-ui/src/audit/audit-text.ts): one source.
import auditEn from 'contracts/audit/locales/en.json' with { type: 'json' };
import auditPl from 'contracts/audit/locales/pl.json' with { type: 'json' };
import { currentLanguage } from './language';

/** The German column headers of the three exports, as they always were. */
const GERMAN_HEADERS = {
  // The certificates (api/src/modules/certificates/export-columns.ts).
  issuedAt: 'Ausgestellt am',
  brand: 'Marke',
  article: 'Artikelnummer',
  firstSerial: 'Start-Seriennummer',
  lastSerial: 'End-Seriennummer',
  quantity: 'Menge',
  checkedBy: 'Geprüft von',
  revision: 'Revision',
  status: 'Status',
  number: 'Prüfbericht Nr.',
  voidedUnits: 'Stornierte Einheiten',
  voidReason: 'Stornogrund',
  serial: 'Seriennummer',
  unit: 'Einheit',
  unitVoided: 'Einheit storniert',
  testResult: 'Prüfergebnis',
  // Appended to the export by unit (issue 43): its test and release as an auditor reads them.
  attempt: 'Versuch',
  planVersion: 'Prüfplan, Version',
  enteredBy: 'Eingetragen von',
  releasedBy: 'Freigegeben von',
  releasedAt: 'Freigegeben am',
  concessionReason: 'Grund der Sonderfreigabe',
  // The audit log (api/src/modules/audit/audit-export.ts).
  at: 'Zeitpunkt',
  account: 'Konto',
  action: 'Aktion',
  subject: 'Gegenstand',
  details: 'Details',
  // An instrument's impacts (api/src/modules/instruments/impact-export.ts).
  instrument: 'Prüfmittel',
  suspectSince: 'Verdächtig seit',
  testedAt: 'Geprüft am',
  serials: 'Seriennummern',
  closedAs: 'Abgeschlossen als',
  note: 'Notiz',
  closedBy: 'Abgeschlossen von',
  closedAt: 'Abgeschlossen am',
  // A notice's units (api/src/modules/notices/notices.service.ts): registered by an owner, and the owner mailed.
  registered: 'Registriert',
  mailed: 'Benachrichtigt',
};

/** What is exported: certificates (or their units), the audit log, the instruments' impacts, a notice's units. */
export type ExportSheet = 'certificates' | 'audit' | 'impacts' | 'notices';

/** The words an export writes: its sheet's name, its column headers and the labels in its cells. */
export interface ExportWords {
  /** The XLSX sheet's name, by export. */
  sheets: Record<ExportSheet, string>;
  headers: Record<keyof typeof GERMAN_HEADERS, string>;
  yes: string;
  no: string;
  /** A pass/fail step's value (contracts PASS, FAIL), without Object.prototype: read by a value as entered. */
  entries: Record<string, string | undefined>;
  status: Record<CertificateStatus, string>;
  release: Record<UnitRelease, string>;
  /** The test result of a unit's attempt that a later one replaced (a retest, a revision's correction). */
  earlierAttempt: { passed: string; failed: string };
  /** The decimal separator of a measured value in CSV, as the language's spreadsheets read it. */
  decimal: string;
  /** A plan step's title as a column header. */
  stepTitle(step: PlanStep): string;
  actions: Record<AuditAction, string>;
  subjects: Record<string, string>;
  /** Who did it when no one was signed in. */
  nobody: string;
  audit: AuditWords;
  closings: Record<ImpactClosing, string>;
  /** An impact entry not closed yet. */
  open: string;
  /** A day, and a day with its time of day, in Europe/Berlin as CSV writes them. */
  day(value: string): string;
  dayTime(time: Date): string;
}

const GERMAN: ExportWords = {
  // German names every sheet as its first export did.
  sheets: {
    certificates: 'Prüfberichte',
    audit: 'Prüfberichte',
    impacts: 'Prüfberichte',
    notices: 'Betroffene Einheiten',
  },
  headers: GERMAN_HEADERS,
  yes: 'ja',
  no: 'nein',
  entries: keyedMap({ [PASS]: 'bestanden', [FAIL]: 'nicht bestanden' }),
  status: CERTIFICATE_STATUS_LABELS,
  release: UNIT_RELEASE_LABELS,
  earlierAttempt: { passed: 'Bestanden (früherer Versuch)', failed: 'Nicht bestanden (früherer Versuch)' },
  decimal: ',',
  stepTitle: (step) => step.title.de,
  actions: AUDIT_ACTION_LABELS,
  subjects: AUDIT_SUBJECT_LABELS,
  nobody: 'ohne Anmeldung',
  audit: GERMAN_AUDIT_WORDS,
  closings: IMPACT_CLOSING_LABELS,
  open: 'offen',
  day: formatDate,
  dayTime: formatDateTime,
};

/**
 * What an export says that the audit catalogs do not. The labels are the staff screens' (mfe-certificates' and
 * mfe-machines' catalogs, which the API may not import: export-languages.test.ts holds them equal); the
 * headers are the API's own, as the screens write theirs in capitals or not at all.
 */
type OwnWords = Pick<
  ExportWords,
  'sheets' | 'headers' | 'subjects' | 'release' | 'earlierAttempt' | 'closings' | 'open'
> & {
  passed: string;
  failed: string;
  /** The default plan's checks as the test entry names them; none: their English titles. */
  checks?: Record<string, string>;
};

/** The words of `language`: the audit trail's from its catalog (contracts/src/audit/locales), the rest `own`. */
function wordsFrom(
  language: Exclude<StaffLanguage, 'de'>,
  audit: Record<string, string>,
  own: OwnWords,
): ExportWords {
  const { passed, failed, checks, ...rest } = own;
  const named = (key: string) => (Object.hasOwn(audit, key) ? audit[key] : undefined);
  const checkTitles = keyedMap(checks ?? {});
  const locale = STAFF_LOCALES[language];
  const days = new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const times = new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
  });
  const day = (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? '' : days.format(date);
  };
  return {
    ...rest,
    decimal: new Intl.NumberFormat(locale).formatToParts(0.5).find((part) => part.type === 'decimal')!.value,
    yes: audit.yes,
    no: audit.no,
    entries: keyedMap({ [PASS]: passed, [FAIL]: failed }),
    // The statuses as the audit trail names them, the same words as the certificate list's.
    status: Object.fromEntries(
      Object.keys(CERTIFICATE_STATUS_LABELS).map((status) => [status, audit[`value.${status}`]]),
    ) as Record<CertificateStatus, string>,
    // As the test entry names a step (mfe-certificates/src/components/test-entry/step-entry.ts): the default
    // plan's checks as the catalog does, any other step by its English title (a plan has no Polish), else German.
    stepTitle: (step) =>
      (DEFAULT_PLAN_STEPS.some((check) => check.key === step.key && check.title.de === step.title.de) &&
        checkTitles[step.key]) ||
      step.title.en ||
      step.title.de ||
      step.key,
    actions: Object.fromEntries(
      Object.keys(AUDIT_ACTION_LABELS).map((action) => [action, audit[`action.${action}`]]),
    ) as Record<AuditAction, string>,
    nobody: audit['events.nobody'],
    audit: {
      field: (key) => named(`field.${key}`),
      value: (value) => named(`value.${value}`) ?? named(`action.${value}`),
      role: (role) => audit[`role.${role}`],
      yes: audit.yes,
      no: audit.no,
      filter: audit.filter,
      locale,
      // Noon keeps a calendar day the same day in Berlin, as contracts' GERMAN_AUDIT_WORDS does.
      day: (value) => day(`${value}T12:00:00Z`),
    },
    day,
    // As the staff screens write a time (shared-ui/src/i18n/format.ts formatDayTime).
    dayTime: (time) => `${days.format(time)} ${times.format(time)}`,
  };
}

const ENGLISH = wordsFrom('en', auditEn, {
  sheets: {
    certificates: 'Certificates',
    audit: 'Audit log',
    impacts: 'Impact assessments',
    notices: 'Affected units',
  },
  release: {
    released: 'Released',
    deviation: 'Concession',
    failed: 'Failed',
    awaiting_release: 'Awaiting release',
  },
  earlierAttempt: { passed: 'Passed (earlier attempt)', failed: 'Failed (earlier attempt)' },
  passed: 'Passed',
  failed: 'Failed',
  closings: { no_effect: 'No effect', revised: 'Revised', voided: 'Voided' },
  open: 'open',
  headers: {
    issuedAt: 'Issued on',
    brand: 'Brand',
    article: 'Article number',
    firstSerial: 'First serial number',
    lastSerial: 'Last serial number',
    quantity: 'Quantity',
    checkedBy: 'Checked by',
    revision: 'Revision',
    status: 'Status',
    number: 'Certificate no.',
    voidedUnits: 'Voided units',
    voidReason: 'Reason for voiding',
    serial: 'Serial number',
    unit: 'Unit',
    unitVoided: 'Unit voided',
    testResult: 'Test result',
    attempt: 'Attempt',
    planVersion: 'Test plan, version',
    enteredBy: 'Entered by',
    releasedBy: 'Released by',
    releasedAt: 'Released on',
    concessionReason: 'Reason for concession',
    at: 'Time',
    account: 'Account',
    action: 'Action',
    subject: 'Subject',
    details: 'Details',
    instrument: 'Test instrument',
    suspectSince: 'Suspect since',
    testedAt: 'Tested on',
    serials: 'Serial numbers',
    closedAs: 'Closed as',
    note: 'Note',
    closedBy: 'Closed by',
    closedAt: 'Closed on',
    registered: 'Registered',
    mailed: 'Notified',
  },
  subjects: {
    certificate: 'Certificate',
    unit: 'Unit',
    machine: 'Machine',
    brand: 'Brand',
    image: 'Image',
    account: 'Account',
    settings: 'Setting',
    export: 'Export',
    audit: 'Audit log',
    document: 'Document',
    test_plan: 'Test plan',
    instrument: 'Test instrument',
    failure_reason: 'Failure reason',
    tester_measurement_ids: 'Measurement ids',
  },
});

const POLISH = wordsFrom('pl', auditPl, {
  sheets: {
    certificates: 'Protokoły badań',
    audit: 'Dziennik zdarzeń',
    impacts: 'Oceny wpływu',
    notices: 'Objęte egzemplarze',
  },
  release: {
    released: 'Zwolniony',
    deviation: 'Zwolnienie warunkowe',
    failed: 'Negatywny',
    awaiting_release: 'Do zwolnienia',
  },
  earlierAttempt: { passed: 'Pozytywny (wcześniejsza próba)', failed: 'Negatywny (wcześniejsza próba)' },
  passed: 'Pozytywny',
  failed: 'Negatywny',
  closings: { no_effect: 'Bez wpływu', revised: 'Protokół skorygowany', voided: 'Protokół unieważniony' },
  open: 'otwarta',
  checks: {
    perpendicularity: 'Prostopadłość',
    tolerance_of_spindle: 'Uchwyt narzędziowy / bicie promieniowe',
    magnet_base_switch: 'Łącznik podstawy magnetycznej / działanie',
    motor_switch: 'Łącznik silnika / działanie',
    guide: 'Prowadnica / działanie',
    isolation: 'Przewód ochronny',
    insulation_resistance: 'Rezystancja izolacji',
    resistance_to_voltage: 'Wytrzymałość elektryczna',
    accessories: 'Akcesoria',
    technical_certification: 'Kontrola produkcyjna',
  },
  headers: {
    issuedAt: 'Wystawiono',
    brand: 'Marka',
    article: 'Numer katalogowy',
    firstSerial: 'Numer seryjny od',
    lastSerial: 'Numer seryjny do',
    quantity: 'Ilość',
    checkedBy: 'Sprawdził',
    revision: 'Rewizja',
    status: 'Status',
    number: 'Nr protokołu badania',
    voidedUnits: 'Unieważnione egzemplarze',
    voidReason: 'Powód unieważnienia',
    serial: 'Numer seryjny',
    unit: 'Egzemplarz',
    unitVoided: 'Egzemplarz unieważniony',
    testResult: 'Wynik badania',
    attempt: 'Próba',
    planVersion: 'Plan badań, wersja',
    enteredBy: 'Wprowadził',
    releasedBy: 'Zwolnił',
    releasedAt: 'Data zwolnienia',
    concessionReason: 'Uzasadnienie zwolnienia warunkowego',
    at: 'Czas',
    account: 'Konto',
    action: 'Czynność',
    subject: 'Obiekt',
    details: 'Szczegóły',
    instrument: 'Przyrząd pomiarowy',
    suspectSince: 'Wątpliwy od',
    testedAt: 'Data badania',
    serials: 'Numery seryjne',
    closedAs: 'Zamknięto jako',
    note: 'Uwagi',
    closedBy: 'Zamknął',
    closedAt: 'Data zamknięcia',
    registered: 'Zarejestrowany',
    mailed: 'Powiadomiono',
  },
  subjects: {
    certificate: 'Protokół badania',
    unit: 'Egzemplarz',
    machine: 'Maszyna',
    brand: 'Marka',
    image: 'Obraz',
    account: 'Konto',
    settings: 'Ustawienie',
    export: 'Eksport',
    audit: 'Dziennik zdarzeń',
    document: 'Dokument',
    test_plan: 'Plan badań',
    instrument: 'Przyrząd pomiarowy',
    failure_reason: 'Przyczyna niezgodności',
    tester_measurement_ids: 'Identyfikatory pomiarów',
  },
});

const EXPORT_WORDS: Record<StaffLanguage, ExportWords> = { de: GERMAN, en: ENGLISH, pl: POLISH };

/**
 * The words of the export being written, in the language of the account that asked for it: the request's for
 * the exports the API streams, the one stored with the job for those the worker writes (export-work.ts). Read
 * once when an export starts, not per row.
 */
export const exportWords = (): ExportWords => EXPORT_WORDS[currentLanguage()];
