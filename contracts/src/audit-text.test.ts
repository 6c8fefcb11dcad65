import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TypedAuditEvent } from './audit-details';
import { AUDIT_ACTION_LABELS } from './audit-actions';
import { describeAuditDetails, describeAuditEvent, describeAuditSubject } from './audit-text';
import { AUDIT_ACTIONS } from './schemas';

const base = {
  id: 1,
  at: '2026-11-23T10:00:00.000Z',
  account_id: 1,
  account_email: 'a@b.de',
  subject_id: '7',
};
const event = (fields: Omit<TypedAuditEvent, keyof typeof base> & Partial<typeof base>) =>
  ({ ...base, ...fields }) as TypedAuditEvent;

/** A key of the code (snake_case, a dotted action) or JSON in what an auditor reads. */
const RAW = /[a-z]+_[a-z]+|[a-z]+\.[a-z]+_?[a-z]*|[{}[\]"]/;

test('roles changed read as role names, before → after (issue 31)', () => {
  const roles = event({
    subject_type: 'account',
    action: 'account.roles_changed',
    details: { email: 'x@y.de', before: ['pruefer'], after: ['pruefer', 'lesen'] },
  });
  assert.equal(describeAuditEvent(roles), 'Rollen geändert: Prüfer → Prüfer, Lesen · E-Mail: x@y.de');
  assert.equal(describeAuditSubject(roles), 'Konto 7');
});

test('a change names each field in German, with yes/no and dates as a reader says them', () => {
  const revised = event({
    subject_type: 'certificate',
    action: 'certificate.revised',
    details: {
      revision: 2,
      reason: 'Tippfehler',
      before: { checked_by: 'Anna', electronic_circuit_board: 0, perpendicularity: 'OK' },
      after: { checked_by: 'Anna Berg', electronic_circuit_board: 1, perpendicularity: 'NOT OK' },
    },
  });
  assert.equal(
    describeAuditDetails(revised),
    'Geprüft von: Anna → Anna Berg · Elektronische Platine: nein → ja · Rechtwinkligkeit: OK → NOT OK · ' +
      'Revision: 2 · Grund: Tippfehler',
  );
  const settings = event({
    subject_type: 'settings',
    action: 'settings.changed',
    details: {
      before: { require_two_factor: false, release_by_second_person: false },
      after: { require_two_factor: true, release_by_second_person: false },
    } as never,
  });
  assert.match(describeAuditDetails(settings), /^Zwei-Faktor-Anmeldung für alle: nein → ja/);
  const exported = event({
    subject_type: 'export',
    action: 'certificates.exported',
    details: { format: 'xlsx', rows: 'units', filter: { from: '2026-11-01', status: 'partly_voided' } },
  });
  assert.equal(
    describeAuditDetails(exported),
    'Format: Excel (XLSX) · Eine Zeile je: Seriennummer · Filter: Von: 01.11.2026, Status: Teilweise storniert',
  );
});

test('every action has a German name, and no event of the trail reads as keys or JSON', () => {
  for (const action of AUDIT_ACTIONS) assert.ok(AUDIT_ACTION_LABELS[action], action);
  const samples: TypedAuditEvent[] = [
    event({ subject_type: 'unit', action: 'unit.voided', details: { certificate_id: 3, reason: 'Schaden' } }),
    event({
      subject_type: 'account',
      action: 'auth.locked_out',
      details: { address: '10.0.0.1', by: 'account' },
    }),
    event({
      subject_type: 'account',
      action: 'account.created',
      details: { email: 'n@b.de', by: 'cli', roles: ['admin'] },
    }),
    event({ subject_type: 'image', action: 'image.uploaded', details: { bytes: 204_800 } }),
    event({
      subject_type: 'account',
      action: 'auth.signed_in',
      details: { address: '::1', second_factor: 'recovery_code' },
    }),
    event({
      subject_type: 'certificate',
      action: 'certificate.issued',
      details: { machine_id: 4, quantity: 2, first_serial: '4852611001', last_serial: '4852611002' },
    }),
  ];
  for (const sample of samples) {
    const text = `${describeAuditEvent(sample)} ${describeAuditSubject(sample)}`;
    assert.doesNotMatch(text.replace(/\S+@\S+/g, ''), RAW, text);
  }
  assert.equal(
    describeAuditDetails(samples[2]),
    'E-Mail: n@b.de · Durch: Kommandozeile des Servers · Rollen: Administrator',
  );
  assert.equal(describeAuditDetails(samples[3]), 'Größe: 200 KB');
});

test('a print event says the print dialog was opened, never that paper came out (issue 31)', () => {
  for (const action of ['certificate.printed', 'certificate.reprinted', 'labels.printed'] as const) {
    assert.match(AUDIT_ACTION_LABELS[action], /zum (Nachdruck|Drucken) geöffnet/i, action);
    assert.doesNotMatch(AUDIT_ACTION_LABELS[action], /gedruckt/i, action);
  }
});
