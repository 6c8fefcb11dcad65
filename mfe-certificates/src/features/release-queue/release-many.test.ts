import { describe, expect, it, jest } from '@jest/globals';
import { releaseMany } from './release-many';

const unit = (serial: string, certificate_id: number) => ({ serial, certificate_id });

describe('releaseMany', () => {
  it('releases each certificate’s chosen units in one call and reports every unit, refused ones with why', async () => {
    const release = jest.fn(async (certificateId: number, _serials: string[]) => {
      if (certificateId === 2) throw new Error('SAME_PERSON');
      return {};
    });
    const outcomes = await releaseMany(
      [unit('A001', 1), unit('B001', 2), unit('A002', 1), unit('C001', 3)],
      release,
      (error) => `abgelehnt: ${(error as Error).message}`,
    );
    expect(release.mock.calls).toEqual([
      [1, ['A001', 'A002']],
      [2, ['B001']],
      [3, ['C001']],
    ]);
    expect(outcomes).toEqual([
      { serial: 'A001', released: true },
      { serial: 'A002', released: true },
      { serial: 'B001', released: false, reason: 'abgelehnt: SAME_PERSON' },
      { serial: 'C001', released: true },
    ]);
  });

  it('asks nothing when nothing is chosen', async () => {
    const release = jest.fn(async () => ({}));
    expect(await releaseMany([], release, String)).toEqual([]);
    expect(release).not.toHaveBeenCalled();
  });
});
