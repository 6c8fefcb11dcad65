import { describe, expect, it } from '@jest/globals';
import type { TypedAuditEvent } from 'contracts';
import { describeDetails } from './describe-details';

const base = {
  id: 1,
  at: '2026-11-23T10:00:00.000Z',
  account_id: 1,
  account_email: 'a@b.de',
  subject_id: '7',
};

describe('describeDetails', () => {
  it('shows each changed field from before to after', () => {
    const event: TypedAuditEvent = {
      ...base,
      subject_type: 'machine',
      action: 'machine.changed',
      details: { before: { name: 'MAB 825' }, after: { name: 'MAB 826' } },
    };
    expect(describeDetails(event)).toBe('name: MAB 825 → MAB 826');
  });

  it('shows a changed list whole, and what identifies the event', () => {
    const event: TypedAuditEvent = {
      ...base,
      subject_type: 'account',
      action: 'account.roles_changed',
      details: { email: 'x@y.de', before: ['pruefer'], after: ['pruefer', 'admin'] },
    };
    expect(describeDetails(event)).toBe('["pruefer"] → ["pruefer","admin"] · email: x@y.de');
  });

  it('shows other details as key and value', () => {
    const event: TypedAuditEvent = {
      ...base,
      subject_type: 'certificate',
      action: 'certificate.voided',
      details: { reason: 'Falsche Maschine' },
    };
    expect(describeDetails(event)).toBe('reason: Falsche Maschine');
  });
});
