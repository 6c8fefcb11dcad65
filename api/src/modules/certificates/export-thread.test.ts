import assert from 'node:assert/strict';
import { text } from 'node:stream/consumers';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { CERTIFICATE_DEFAULTS, fromWire } from 'contracts';
import { createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';
import { writeExportJob, type ExportJob } from './export-job';
import { exportThread } from './export-thread';

/** The export thread (export-thread.ts, export-worker.ts) on each database: what it writes and how it ends. */
for (const kind of kinds) {
  describe(`export thread on ${kind}`, () => {
    let t: TestApp;
    const sources = () => ({
      list: t.repositories.certificateList,
      units: t.repositories.units,
      attempts: t.repositories.attempts,
      plans: t.repositories.testPlans,
    });
    const job: ExportJob = {
      format: 'csv',
      rows: 'units',
      matching: {},
      order: { sort: 'pos', direction: 'desc' },
    };

    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories);
      // 1,100 unit rows: more than the writer writes between two looks at the stream (export-writers.ts), so
      // the file leaves the thread in several chunks.
      for (let i = 0; i < 11; i++)
        await t.services.certificates.issue(
          {
            ...fromWire({ ...CERTIFICATE_DEFAULTS }),
            brand_id: brand.id,
            machine_id: machine.id,
            checked_by: `Prüferin ${i}`,
            quantity: 100,
          } as never,
          t.accountId,
        );
    });
    after(() => t.close());

    test('the thread writes exactly the file the event loop would, in several chunks', async () => {
      const thread = exportThread(t.testDb.database.location, sources());
      try {
        const body = await thread.run(job);
        let chunks = 0;
        body.on('data', () => chunks++);
        const threaded = await text(body);
        const here = new PassThrough();
        const written = writeExportJob(sources(), job, here);
        const expected = await text(here);
        await written;
        assert.equal(threaded, expected);
        assert.equal(threaded.split('\r\n').length, 1 + 1100 + 1);
        assert.ok(chunks > 1, `${threaded.length} bytes in ${chunks} chunk(s)`);
      } finally {
        await thread.stop();
      }
    });

    test('a cancelled download leaves the thread working; a stopped thread ends its downloads, the next starts anew', async () => {
      const thread = exportThread(t.testDb.database.location, sources());
      try {
        const cancelled = await thread.run(job);
        cancelled.destroy();
        const cut = assert.rejects(text(await thread.run(job)), /Export beendet/);
        await thread.stop();
        await cut;
        const again = await thread.run(job);
        assert.match(await text(again), /Prüferin 10/);
      } finally {
        await thread.stop();
      }
    });
  });
}
