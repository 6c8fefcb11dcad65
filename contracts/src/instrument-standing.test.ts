import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { instrumentStanding } from './instrument-standing';

describe('instrumentStanding', () => {
  const today = '2026-11-25';
  it('is overdue from the day after its due date, as the API refuses it', () => {
    assert.equal(instrumentStanding({ status: 'in_use', due: '2026-11-24' }, today), 'overdue');
    assert.equal(instrumentStanding({ status: 'in_use', due: '2026-11-25' }, today), 'due_soon');
  });

  it('is due soon up to 30 days ahead, across a month and a year end', () => {
    assert.equal(instrumentStanding({ status: 'in_use', due: '2026-12-25' }, today), 'due_soon');
    assert.equal(instrumentStanding({ status: 'in_use', due: '2026-12-26' }, today), 'fit');
    assert.equal(instrumentStanding({ status: 'in_use', due: '2027-01-30' }, '2026-12-31'), 'due_soon');
    assert.equal(instrumentStanding({ status: 'in_use', due: '2027-01-31' }, '2026-12-31'), 'fit');
  });

  it('says blocked or retired whatever the due date', () => {
    assert.equal(instrumentStanding({ status: 'blocked', due: '2030-01-01' }, today), 'blocked');
    assert.equal(instrumentStanding({ status: 'retired', due: '2020-01-01' }, today), 'retired');
  });
});
