import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { apiPaths, type JobsOverview } from 'contracts';
import { apiUrl, auth, createTestApp, kinds, type TestApp } from '../../test/harness';

const PASSWORD = 'ein-Pruefer-Passwort-1';

for (const kind of kinds) {
  describe(`failed jobs for administrators on ${kind}`, () => {
    let t: TestApp;
    let inspector: string;
    before(async () => {
      t = await createTestApp(kind);
      const created = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.accounts()),
        headers: auth(t.token),
        payload: { email: 'pruefer@example.com', password: PASSWORD, roles: ['pruefer'] },
      });
      assert.equal(created.statusCode, 201, created.body);
      inspector = await t.login('pruefer@example.com', PASSWORD);
    });
    after(() => t.close());
    beforeEach(() => t.db.deleteFrom('jobs').execute());

    const overview = async () => {
      const response = await t.app.inject({ url: apiUrl(apiPaths.jobs()), headers: auth(t.token) });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as JobsOverview;
    };
    const retry = (id: number | string, token = t.token) =>
      t.app.inject({ method: 'POST', url: `/api/jobs/${id}/retry`, headers: auth(token) });
    /** A job that failed for good, as the runner leaves it after its last try. */
    async function failedJob(subject: string) {
      const id = await t.repositories.jobs.enqueue({ kind: 'seal-certificate', subject });
      const now = new Date();
      await t.repositories.jobs.claim('w', now, new Date(now.getTime() + 60_000));
      await t.repositories.jobs.failed(id, 'w', 'Schrift fehlt', null, new Date());
      return id;
    }

    test('the overview counts the backlog and lists the failed jobs with their error, newest first', async () => {
      const older = await failedJob('certificate:1');
      const newer = await failedJob('certificate:2');
      await t.repositories.jobs.enqueue({ kind: 'seal-certificate', subject: 'certificate:3' });
      const seen = await overview();
      assert.deepEqual([seen.queued, seen.running, seen.failed], [1, 0, 2]);
      assert.ok(seen.oldest_queued);
      assert.deepEqual(
        seen.failed_jobs.map((job) => [job.id, job.subject, job.error, job.attempts]),
        [
          [newer, 'certificate:2', 'Schrift fehlt', 1],
          [older, 'certificate:1', 'Schrift fehlt', 1],
        ],
      );
    });

    test('a retry queues the job with fresh tries and is in the audit trail; once only', async () => {
      const id = await failedJob('certificate:7');
      const answer = await retry(id);
      assert.equal(answer.statusCode, 204, answer.body);
      const job = await t.repositories.jobs.byId(id);
      assert.deepEqual([job?.state, job?.attempts], ['queued', 0]);
      const events = await t.db
        .selectFrom('audit_events')
        .select(['action', 'subject_id', 'details'])
        .where('action', '=', 'job.retried')
        .execute();
      assert.equal(events.length, 1);
      assert.equal(events[0].subject_id, String(id));
      assert.deepEqual(JSON.parse(events[0].details), {
        kind: 'seal-certificate',
        subject: 'certificate:7',
        error: 'Schrift fehlt',
      });
      const again = await retry(id);
      assert.equal(again.statusCode, 404);
      assert.equal(again.json().error.message, 'Diesen fehlgeschlagenen Auftrag gibt es nicht (mehr).');
    });

    test('a newer job for the same subject waiting already: 409 in German, nothing changed', async () => {
      const id = await failedJob('certificate:8');
      await t.repositories.jobs.enqueue({ kind: 'seal-certificate', subject: 'certificate:8' });
      const answer = await retry(id);
      assert.equal(answer.statusCode, 409);
      assert.match(answer.json().error.message, /^Für dieselbe Sache wartet schon ein neuerer Auftrag/);
      assert.equal((await t.repositories.jobs.byId(id))?.state, 'failed');
    });

    test('only administrators; bad and unknown ids get German 4xx', async () => {
      const id = await failedJob('certificate:9');
      const forbidden = await t.app.inject({ url: apiUrl(apiPaths.jobs()), headers: auth(inspector) });
      assert.equal(forbidden.statusCode, 403);
      assert.equal((await retry(id, inspector)).statusCode, 403);
      assert.equal((await t.app.inject({ url: apiUrl(apiPaths.jobs()) })).statusCode, 401);
      for (const bad of ['abc', '-1', '1e20', '0', "1'%20or%201=1", 'x'.repeat(5000)]) {
        const answer = await retry(bad);
        assert.ok([400, 404, 414].includes(answer.statusCode), `${bad}: ${answer.statusCode}`);
        assert.match(answer.json().error.message, /[äöüÄÖÜß]|^[A-Z][a-z]/, bad);
      }
      assert.equal((await retry(999_999)).statusCode, 404);
      assert.equal((await t.repositories.jobs.byId(id))?.state, 'failed');
    });
  });
}
