import { parseKeyedMap, type StepVerdict } from 'contracts';
import type { Db } from '../../db/database';
import type { JudgedUnit } from './test-results';

export interface AttemptRow {
  unit_index: number;
  attempt: number;
  values: Record<string, string>;
  verdicts: Record<string, StepVerdict>;
  passed: boolean;
  tested_by: number;
  tested_by_name: string;
  tested_at: string;
}

/** Who tested and when. */
export interface Tester {
  tested_by: number;
  tested_by_name: string;
  tested_at: string;
}

/** The tests of units (docs/decisions/0010-test-record.md): a retest adds an attempt, none is ever changed. */
export function testAttemptsRepository(db: Db) {
  return {
    /** Stores one attempt for each of `units` (unit index → judged test). */
    async insert(
      certificateId: number,
      units: { unit_index: number; attempt: number; test: JudgedUnit }[],
      by: Tester,
    ) {
      if (units.length === 0) return;
      await db
        .insertInto('test_attempts')
        .values(
          units.map(({ unit_index, attempt, test }) => ({
            certificate_id: certificateId,
            unit_index,
            attempt,
            values: JSON.stringify(test.values),
            verdicts: JSON.stringify(test.verdicts),
            passed: test.passed ? 1 : 0,
            ...by,
          })),
        )
        .execute();
    },

    /** Every attempt of a certificate's units, in unit and attempt order. */
    async of(certificateId: number): Promise<AttemptRow[]> {
      const rows = await db
        .selectFrom('test_attempts')
        .select([
          'unit_index',
          'attempt',
          'values',
          'verdicts',
          'passed',
          'tested_by',
          'tested_by_name',
          'tested_at',
        ])
        .where('certificate_id', '=', certificateId)
        .orderBy('unit_index')
        .orderBy('attempt')
        .execute();
      return rows.map((row) => ({
        ...row,
        values: parseKeyedMap<string>(row.values),
        verdicts: parseKeyedMap<StepVerdict>(row.verdicts),
        passed: row.passed === 1,
      }));
    },

    /** Each unit's values at its last attempt, of the given certificates: `certificate id:unit index` → values. */
    async lastValues(certificateIds: number[]): Promise<Map<string, Record<string, string>>> {
      const rows = await db
        .selectFrom('test_attempts')
        .select(['certificate_id', 'unit_index', 'values'])
        .where('certificate_id', 'in', certificateIds)
        .orderBy('certificate_id')
        .orderBy('unit_index')
        .orderBy('attempt')
        .execute();
      // Ordered by attempt: the last one set wins.
      return new Map(
        rows.map((row) => [`${row.certificate_id}:${row.unit_index}`, parseKeyedMap<string>(row.values)]),
      );
    },
  };
}

export type TestAttemptsRepository = ReturnType<typeof testAttemptsRepository>;
