import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { after, before, beforeEach, describe, test } from 'node:test';
import { auditService } from '../modules/audit/audit.service';
import { certificateTransactions } from '../modules/certificates/certificate-transaction';
import { createTestApp, kinds, type TestApp } from '../test/harness';
import { JOB_TRIES, jobRunner, type JobHandler } from './job-runner';

const quiet = { info: () => undefined, error: () => undefined };

for (const kind of kinds) {
  describe(`jobs on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());
    // Each test claims from a queue of its own making.
    beforeEach(() => t.db.deleteFrom('jobs').execute());
    const jobsOf = (subject: string) =>
      t.db.selectFrom('jobs').selectAll().where('subject', '=', subject).orderBy('id').execute();

    test('a job is written with its change or not at all', async () => {
      const transaction = certificateTransactions(
        t.repositories.inTransaction,
        auditService(t.repositories.audit),
      );
      await transaction((trx) => trx.documentDue(900_001));
      await assert.rejects(
        transaction(async (trx) => {
          await trx.documentDue(900_002);
          throw new Error('Änderung abgebrochen');
        }),
        /Änderung abgebrochen/,
      );
      assert.equal((await jobsOf('certificate:900001')).length, 1);
      assert.equal((await jobsOf('certificate:900002')).length, 0);
    });

    test('one waiting job per kind and subject; a subject being worked on waits for its worker', async () => {
      const job = { kind: 'test-order', subject: 'order:1' };
      const first = await t.repositories.jobs.enqueue(job);
      assert.equal(await t.repositories.jobs.enqueue(job), first);
      const now = new Date();
      const claimed = await t.repositories.jobs.claim('a', now, new Date(now.getTime() + 60_000));
      assert.ok(claimed);
      // A change while it runs queues the next one, which waits until the first is done.
      const second = await t.repositories.jobs.enqueue(job);
      assert.notEqual(second, first);
      const blocked = await t.repositories.jobs.claim('b', now, new Date(now.getTime() + 60_000));
      assert.notEqual(blocked?.subject, 'order:1');
      await t.repositories.jobs.finish(claimed.id, 'a', new Date());
      const next = await t.repositories.jobs.claim('b', new Date(), new Date(Date.now() + 60_000));
      assert.equal(next?.id, second);
      await t.repositories.jobs.finish(second, 'b', new Date());
    });

    test('a worker that died mid-job: its job is claimed again once the lease ran out, and done once', async () => {
      const id = await t.repositories.jobs.enqueue({ kind: 'test-lease', subject: 'lease:1' });
      const now = new Date();
      // Claimed by a worker that is then killed (kill -9): its lease ends in a moment, nobody finishes it.
      const dead = await t.repositories.jobs.claim('killed', now, new Date(now.getTime() + 50));
      assert.equal(dead?.id, id);
      const ran: number[] = [];
      const runner = jobRunner({
        jobs: t.repositories.jobs,
        handlers: { 'test-lease': async (job) => void ran.push(job.id) },
        log: quiet,
      });
      await runner.untilIdle();
      assert.deepEqual(ran, [], 'taken over while its lease still ran');
      await new Promise((resolve) => setTimeout(resolve, 60));
      await runner.untilIdle();
      assert.deepEqual(ran, [id]);
      const done = await t.repositories.jobs.byId(id);
      assert.deepEqual([done?.state, done?.attempts], ['done', 2]);
      // The killed worker coming back cannot change what it no longer holds.
      assert.equal(await t.repositories.jobs.finish(id, 'killed', new Date()), false);
    });

    test('a job handed back or tried again while its twin waits makes way for the twin', async () => {
      const job = { kind: 'test-twin', subject: 'twin:1' };
      for (const end of ['handBack', 'failed'] as const) {
        const first = await t.repositories.jobs.enqueue(job);
        const now = new Date();
        assert.equal(
          (await t.repositories.jobs.claim('a', now, new Date(now.getTime() + 60_000)))?.id,
          first,
        );
        const twin = await t.repositories.jobs.enqueue(job);
        if (end === 'handBack') await t.repositories.jobs.handBack(first, 'a');
        else await t.repositories.jobs.failed(first, 'a', 'Fehler', new Date(), new Date());
        const rows = await jobsOf('twin:1');
        assert.deepEqual(
          rows.map((row) => [row.id, row.state]),
          [[twin, 'queued']],
          end,
        );
        await t.db.deleteFrom('jobs').execute();
      }
    });

    test("a job of a dead worker on this host waits again at once; one that killed every try's worker fails", async () => {
      // A pid that surely ran on this host and is gone.
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      const holder = `${os.hostname()}:${gone}:dead`;
      const fine = await t.repositories.jobs.enqueue({ kind: 'test-dead', subject: 'dead:1' });
      const killer = await t.repositories.jobs.enqueue({ kind: 'test-dead', subject: 'dead:2' });
      await t.db
        .updateTable('jobs')
        .set({ attempts: JOB_TRIES - 1 })
        .where('id', '=', killer)
        .execute();
      const now = new Date();
      for (let i = 0; i < 2; i++)
        await t.repositories.jobs.claim(holder, now, new Date(now.getTime() + 600_000));
      // A worker of another host with the same pid number is left to its lease.
      const elsewhere = await t.repositories.jobs.enqueue({ kind: 'test-dead', subject: 'dead:3' });
      const later = new Date();
      assert.equal(
        (await t.repositories.jobs.claim(`other-host:${gone}:x`, later, new Date(later.getTime() + 600_000)))
          ?.id,
        elsewhere,
      );

      const ran: number[] = [];
      const runner = jobRunner({
        jobs: t.repositories.jobs,
        handlers: { 'test-dead': async (job) => void ran.push(job.id) },
        log: quiet,
      });
      await runner.untilIdle();
      assert.deepEqual(ran, [fine]);
      const states = await t.db.selectFrom('jobs').select(['id', 'state', 'error']).orderBy('id').execute();
      assert.deepEqual(
        states.map((row) => [row.id, row.state]),
        [
          [fine, 'done'],
          [killer, 'failed'],
          [elsewhere, 'running'],
        ],
      );
      assert.match(states[1].error!, /^Nach 5 Versuchen abgebrochen: der Worker endete bei jedem Versuch/);
    });

    test('two workers at once never take the same job, and together do every one', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 40; i++)
        ids.push(await t.repositories.jobs.enqueue({ kind: 'test-race', subject: `race:${i}` }));
      const seen: { id: number; worker: string }[] = [];
      const handler =
        (worker: string): JobHandler =>
        async (job) => {
          seen.push({ id: job.id, worker });
          await new Promise((resolve) => setTimeout(resolve, 2));
        };
      const workers = ['w1', 'w2'].map((name) =>
        jobRunner({ jobs: t.repositories.jobs, handlers: { 'test-race': handler(name) }, log: quiet }),
      );
      await Promise.all(workers.map((worker) => worker.untilIdle()));
      assert.deepEqual(
        seen.map((entry) => entry.id).sort((a, b) => a - b),
        ids,
      );
      const rows = await t.db
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('kind', '=', 'test-race')
        .execute();
      assert.ok(rows.every((row) => row.state === 'done' && row.attempts === 1));
    });
  });
}
