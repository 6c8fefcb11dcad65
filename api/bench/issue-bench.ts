import { performance } from 'node:perf_hooks';
import { CERTIFICATE_DEFAULTS, DEFAULT_PLAN_STEPS, apiPaths, type PlanStep } from 'contracts';
import { apiUrl, auth, createTestApp, kinds, seedMachine } from '../src/test/harness';

/**
 * `npm run bench:issue -w api [-- --quick]`: issuing 100 units against a 20-step plan (the ten checks once per
 * certificate, ten measured values per unit: 1,000 values, 2,000 with the per-certificate steps counted per unit)
 * through the real HTTP handler, on SQLite and (with TEST_DATABASE_URL) PostgreSQL. A figure, not a budget:
 * docs/measurements.md keeps it.
 */
const quick = process.argv.includes('--quick');
const RUNS = quick ? 3 : 10;
const UNITS = 100;

const measuredSteps: PlanStep[] = Array.from({ length: 10 }, (_, i) => ({
  ...DEFAULT_PLAN_STEPS[0],
  key: `messung_${i + 1}`,
  title: {
    de: `Messung ${i + 1}`,
    en: `Measurement ${i + 1}`,
    fr: 'Mesure',
    es: 'Medida',
    it: 'Misura',
    pt: 'Medida',
  },
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  decimals: 2,
  per_unit: true,
}));
const steps = [...DEFAULT_PLAN_STEPS, ...measuredSteps];
const certificateValues = Object.fromEntries(
  DEFAULT_PLAN_STEPS.map((step) => [step.key, step.kind === 'choice' ? step.passing[0] : 'pass']),
);

const rows = [];
for (const kind of kinds) {
  const t = await createTestApp(kind);
  try {
    const { brand, machine } = await seedMachine(t.repositories, { prefix: 'BN' });
    const plan = await t.app.inject({
      method: 'PUT',
      url: apiUrl(apiPaths.machineTestPlan(machine.id)),
      headers: auth(t.token),
      payload: { steps, based_on: 0 },
    });
    if (plan.statusCode !== 200) throw new Error(plan.body);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const payload = {
        brand_id: brand.id,
        machine_id: machine.id,
        checked_by: 'Benchmark',
        crowd: UNITS,
        observation: CERTIFICATE_DEFAULTS.observation,
        origin_germany: CERTIFICATE_DEFAULTS.origin_germany,
        results: {
          certificate: certificateValues,
          units: Array.from({ length: UNITS }, (_, k) =>
            Object.fromEntries(
              measuredSteps.map((step, i) => [
                step.key,
                `${(1 + ((k + i) % 90) / 10).toFixed(2)}`.replace('.', ','),
              ]),
            ),
          ),
        },
      };
      const start = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(t.token),
        payload,
      });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(response.body);
    }
    times.sort((a, b) => a - b);
    rows.push({
      database: kind,
      measure: `issue ${UNITS} units × ${steps.length}-step plan (${UNITS * steps.length} values)`,
      'median ms': times[Math.floor(times.length / 2)].toFixed(0),
      'max ms': times[times.length - 1].toFixed(0),
      runs: RUNS,
    });
  } finally {
    await t.close();
  }
}
console.table(rows);
