import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths } from 'contracts';
// @ts-expect-error: the parser ships no types; it returns the families it read.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { buildApp } from '../app';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../test/harness';

interface Family {
  name: string;
  type: string;
  metrics: {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
  }[];
}

const parse = (text: string) =>
  new Map((parsePrometheusTextFormat(text) as Family[]).map((family) => [family.name, family]));

for (const kind of kinds) {
  describe(`GET /metrics on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('Prometheus text: request durations by route, jobs by kind and state, the oldest waiting job', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const issued = await t.app.inject({
        method: 'POST',
        url: `/api${apiPaths.certificateCreate()}`,
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 1),
      });
      assert.equal(issued.statusCode, 200, issued.body);
      const response = await t.app.inject({ url: '/metrics' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      const families = parse(response.body);
      assert.equal(families.get('http_request_duration_seconds')!.type, 'HISTOGRAM');
      // The parser keeps a histogram's buckets but drops its labels when `le` comes first, as prom-client
      // writes it: the issuing route's own series is read from the text.
      assert.match(
        response.body,
        new RegExp(
          `^http_request_duration_seconds_count\\{method="POST",route="/api${apiPaths.certificateCreate()}",status="200"\\} 1$`,
          'm',
        ),
      );
      const jobs = families.get('pruefbericht_jobs')!;
      const value = (state: string) =>
        Number(
          jobs.metrics.find((m) => m.labels?.kind === 'seal-certificate' && m.labels.state === state)?.value,
        );
      assert.deepEqual([value('queued'), value('running'), value('failed')], [1, 0, 0]);
      assert.ok(Number(families.get('pruefbericht_jobs_oldest_queued_seconds')!.metrics[0].value) >= 0);
      assert.ok(families.has('pruefbericht_db_pool_in_use'));
      assert.ok(families.has('process_resident_memory_bytes'));
      // The worker's run empties the queue, and readiness says the same.
      await t.runJobs();
      const later = parse((await t.app.inject({ url: '/metrics' })).body);
      assert.equal(
        Number(later.get('pruefbericht_jobs')?.metrics.find((m) => m.labels?.state === 'queued')?.value ?? 0),
        0,
      );
      const ready = (await t.app.inject({ url: '/api/readyz' })).json();
      assert.deepEqual(ready.jobs, { queued: 0, running: 0, failed: 0, oldest_queued_seconds: null });
    });

    test('with METRICS_TOKEN only the right bearer token reads it; METRICS=0 has no /metrics', async () => {
      const token = 'metrics-token-0123456789';
      const guarded = await buildApp({
        config: { ...t.config, metrics: { enabled: true, token } },
        database: t.testDb.database,
      });
      const off = await buildApp({
        config: { ...t.config, metrics: { enabled: false, token: null } },
        database: t.testDb.database,
      });
      try {
        for (const authorization of [
          undefined,
          'Bearer falsch',
          `Bearer ${token}x`,
          token,
          `Bearer ${'A'.repeat(10_000)}`,
        ]) {
          const refused = await guarded.inject({
            url: '/metrics',
            headers: authorization ? { authorization } : {},
          });
          assert.equal(refused.statusCode, 401, String(authorization).slice(0, 40));
          assert.match(refused.json().error.message, /METRICS_TOKEN/);
          assert.doesNotMatch(refused.body, /http_request_duration_seconds/);
        }
        const allowed = await guarded.inject({
          url: '/metrics',
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(allowed.statusCode, 200);
        assert.ok(parse(allowed.body).has('pruefbericht_jobs_oldest_queued_seconds'));
        assert.equal((await off.inject({ url: '/metrics' })).statusCode, 404);
      } finally {
        await guarded.close();
        await off.close();
      }
    });
  });
}
