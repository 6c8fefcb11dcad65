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
  /** A retest's finding: the failure reason (with its name in the catalogue now) and the free text. */
  failure_reason?: { code: string; name: string };
  finding?: string;
  carried_over?: string[];
  /** The tester's file the values came from (api/src/modules/imports/tester-imports.ts). */
  source?: {
    id: number;
    name: string;
    sha256: string;
    size: number;
    format: string;
    tester_model: string;
    tester_serial: string;
  };
}

/** What a retest found and did, and which steps it carried over from the attempt before. */
export interface Finding {
  failure_reason: string;
  finding: string;
  carried_over: string[];
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
      units: {
        unit_index: number;
        attempt: number;
        test: JudgedUnit;
        finding?: Finding;
        /** The tester's file its values came from (api/src/modules/imports/tester-imports.ts). */
        source_file_id?: number | null;
      }[],
      by: Tester,
    ) {
      if (units.length === 0) return;
      await db
        .insertInto('test_attempts')
        .values(
          units.map(({ unit_index, attempt, test, finding, source_file_id = null }) => ({
            certificate_id: certificateId,
            unit_index,
            attempt,
            values: JSON.stringify(test.values),
            verdicts: JSON.stringify(test.verdicts),
            passed: test.passed ? 1 : 0,
            source_file_id,
            ...by,
            ...(finding && {
              failure_reason: finding.failure_reason,
              finding: finding.finding,
              carried_over: JSON.stringify(finding.carried_over),
            }),
          })),
        )
        .execute();
    },

    /** Every attempt of a certificate's units, in unit and attempt order. */
    async of(certificateId: number): Promise<AttemptRow[]> {
      const rows = await db
        .selectFrom('test_attempts')
        .leftJoin('failure_reasons', 'failure_reasons.code', 'test_attempts.failure_reason')
        .leftJoin('tester_files', 'tester_files.id', 'test_attempts.source_file_id')
        .select([
          'test_attempts.unit_index',
          'test_attempts.attempt',
          'test_attempts.values',
          'test_attempts.verdicts',
          'test_attempts.passed',
          'test_attempts.tested_by',
          'test_attempts.tested_by_name',
          'test_attempts.tested_at',
          'test_attempts.failure_reason',
          'test_attempts.finding',
          'test_attempts.carried_over',
          'failure_reasons.name as failure_reason_name',
          'tester_files.id as source_id',
          'tester_files.name as source_name',
          'tester_files.sha256 as source_sha256',
          'tester_files.size as source_size',
          'tester_files.format as source_format',
          'tester_files.tester_model as source_model',
          'tester_files.tester_serial as source_serial',
        ])
        .where('test_attempts.certificate_id', '=', certificateId)
        .orderBy('test_attempts.unit_index')
        .orderBy('test_attempts.attempt')
        .execute();
      return rows.map(
        ({
          failure_reason,
          failure_reason_name,
          finding,
          carried_over,
          source_id,
          source_name,
          source_sha256,
          source_size,
          source_format,
          source_model,
          source_serial,
          ...row
        }) => ({
          ...row,
          values: parseKeyedMap<string>(row.values),
          verdicts: parseKeyedMap<StepVerdict>(row.verdicts),
          passed: row.passed === 1,
          // A reason is never removed while a retest names it (failure-reasons.service.ts): the name is there.
          ...(failure_reason !== null && {
            failure_reason: { code: failure_reason, name: failure_reason_name ?? failure_reason },
            finding: finding ?? '',
            carried_over: carried_over ? (JSON.parse(carried_over) as string[]) : [],
          }),
          ...(source_id !== null && {
            source: {
              id: source_id,
              name: source_name!,
              sha256: source_sha256!,
              size: source_size!,
              format: source_format!,
              tester_model: source_model!,
              tester_serial: source_serial!,
            },
          }),
        }),
      );
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
