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

/** An attempt as an export by unit writes it (export-job.ts). */
export interface ExportAttempt {
  attempt: number;
  values: Record<string, string>;
  passed: boolean;
  tested_by_name: string;
  tested_at: string;
  /** The inventory numbers of the instruments that took its values. */
  instruments: string[];
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

    /**
     * Every attempt of the given certificates' units, with the inventory numbers of the instruments that took
     * its values (each once, by step key): `certificate id:unit index` → attempts in order. Two reads for a
     * whole batch of certificates, however many units and attempts it has.
     */
    async ofCertificates(certificateIds: number[]): Promise<Map<string, ExportAttempt[]>> {
      const rows = await db
        .selectFrom('test_attempts')
        .select([
          'certificate_id',
          'unit_index',
          'attempt',
          'values',
          'passed',
          'tested_by_name',
          'tested_at',
        ])
        .where('certificate_id', 'in', certificateIds)
        .orderBy('certificate_id')
        .orderBy('unit_index')
        .orderBy('attempt')
        .execute();
      const instruments = await db
        .selectFrom('attempt_instruments')
        .select(['certificate_id', 'unit_index', 'attempt', 'inventory_number'])
        .where('certificate_id', 'in', certificateIds)
        .orderBy('certificate_id')
        .orderBy('unit_index')
        .orderBy('attempt')
        .orderBy('step_key')
        .execute();
      const used = new Map<string, string[]>();
      for (const row of instruments) {
        const key = `${row.certificate_id}:${row.unit_index}:${row.attempt}`;
        const numbers = used.get(key);
        if (!numbers) used.set(key, [row.inventory_number]);
        else if (!numbers.includes(row.inventory_number)) numbers.push(row.inventory_number);
      }
      const byUnit = new Map<string, ExportAttempt[]>();
      for (const row of rows) {
        const unit = `${row.certificate_id}:${row.unit_index}`;
        const attempt: ExportAttempt = {
          attempt: row.attempt,
          values: parseKeyedMap<string>(row.values),
          passed: row.passed === 1,
          tested_by_name: row.tested_by_name,
          tested_at: row.tested_at,
          instruments: used.get(`${unit}:${row.attempt}`) ?? [],
        };
        const attempts = byUnit.get(unit);
        if (attempts) attempts.push(attempt);
        else byUnit.set(unit, [attempt]);
      }
      return byUnit;
    },
  };
}

export type TestAttemptsRepository = ReturnType<typeof testAttemptsRepository>;
