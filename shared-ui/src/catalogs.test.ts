import { afterEach, describe, expect, it } from '@jest/globals';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_FIELD_LABELS,
  AUDIT_VALUE_LABELS,
  DEFAULT_PLAN_STEPS,
  describeAuditDetails,
  ROLE_LABELS,
  type TypedAuditEvent,
} from 'contracts';
import auditDe from 'contracts/audit/locales/de.json';
import auditEn from 'contracts/audit/locales/en.json';
import auditPl from 'contracts/audit/locales/pl.json';
import { act } from '@testing-library/react';
import { auditText } from './audit/audit-text';
import { setLanguage } from './i18n/i18n';
import { testCatalogsComplete } from './i18n/catalogs-complete';
import de from './locales/de.json';
import en from './locales/en.json';
import pl from './locales/pl.json';

testCatalogsComplete('shared-ui', { de, en, pl });
testCatalogsComplete('audit', { de: auditDe, en: auditEn, pl: auditPl });

/** The part of a catalog under `prefix`, keyed by the rest of each key. */
const under = (catalog: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(catalog)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );

const event = (fields: Pick<TypedAuditEvent, 'action' | 'subject_type' | 'details'>) =>
  ({
    id: 1,
    at: '2026-11-23T10:00:00.000Z',
    account_id: 1,
    account_email: null,
    subject_id: '7',
    ...fields,
  }) as TypedAuditEvent;

const revised = event({
  action: 'certificate.revised',
  subject_type: 'certificate',
  details: {
    before: { checked_by: 'Anna', electronic_circuit_board: 0, perpendicularity: 'OK' },
    after: { checked_by: 'Anna Berg', electronic_circuit_board: 1, perpendicularity: 'NOT OK' },
    revision: 2,
    reason: 'Tippfehler',
  },
});
const roles = event({
  action: 'account.roles_changed',
  subject_type: 'account',
  details: { email: 'x@y.de', before: ['pruefer'], after: ['pruefer', 'lesen'] },
});
const exported = event({
  action: 'certificates.exported',
  subject_type: 'export',
  details: { format: 'xlsx', rows: 'units', filter: { from: '2026-11-01', status: 'partly_voided' } },
} as never);
const calibrated = event({
  action: 'instrument.calibrated',
  subject_type: 'instrument',
  details: { calibrated_on: '2026-11-20', result: 'out_of_tolerance', bytes: 1_536_000, unknown_field: 'x' },
} as never);
const samples = [revised, roles, exported, calibrated];

describe('the audit trail’s words', () => {
  afterEach(() => act(() => setLanguage('de')));

  it('are in German those of contracts, which the API’s export writes', () => {
    expect(under(auditDe, 'action.')).toEqual(AUDIT_ACTION_LABELS);
    expect(Object.keys(under(auditDe, 'action.')).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(under(auditDe, 'role.')).toEqual(ROLE_LABELS);
    expect(under(auditDe, 'value.')).toEqual(AUDIT_VALUE_LABELS);
    expect(under(auditDe, 'field.')).toEqual({
      ...Object.fromEntries(DEFAULT_PLAN_STEPS.map((step) => [step.key, step.title.de])),
      ...AUDIT_FIELD_LABELS,
    });
    for (const sample of samples) expect(auditText().details(sample)).toBe(describeAuditDetails(sample));
  });

  it('describe an event in English', async () => {
    await act(() => setLanguage('en'));
    const text = auditText();
    expect(text.action('certificate.revised')).toBe('Revised');
    expect(samples.map(text.details)).toEqual([
      'Checked by: Anna → Anna Berg · Electronic control: no → yes · Perpendicularity: OK → NOT OK · ' +
        'Revision: 2 · Reason: Tippfehler',
      'Checker → Checker, Read only · Email: x@y.de',
      'Format: Excel (XLSX) · One row per: Serial number · Filter: From: 01/11/2026, Status: Partly voided',
      'Calibrated on: 20/11/2026 · Result: out of tolerance · Size: 1,500 KB · Unknown field: x',
    ]);
  });

  it('describe an event in Polish', async () => {
    await act(() => setLanguage('pl'));
    const text = auditText();
    expect(text.action('account.roles_changed')).toBe(auditPl['action.account.roles_changed']);
    expect(samples.map(text.details)).toEqual([
      'Sprawdził: Anna → Anna Berg · Regulacja elektroniczna: nie → tak · Prostopadłość: OK → NOT OK · ' +
        'Rewizja: 2 · Powód: Tippfehler',
      'Sprawdzający → Sprawdzający, Tylko odczyt · E-mail: x@y.de',
      'Format: Excel (XLSX) · Jeden wiersz na: Numer seryjny · Filtr: Od: 01.11.2026, Status: Częściowo unieważniony',
      'Data wzorcowania: 20.11.2026 · Wynik: poza tolerancją · Rozmiar: 1500 KB · Unknown field: x',
    ]);
  });
});
