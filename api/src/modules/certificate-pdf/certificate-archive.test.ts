import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CHECK_NOT_OK,
  REVISABLE_FIELDS,
  SERIAL_MAX_LENGTH,
  apiPaths,
  fromWire,
  toWire,
  type DocumentVerification,
  type PrintData,
} from 'contracts';
import { buildApp } from '../../app';
import { JOB_TRIES, jobRunner } from '../../platform/job-runner';
import type { JobRow } from '../../platform/jobs.repository';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';
import { sealingWork } from './certificate-archive.wiring';
import { SEAL_CUSTOMER_COPY, sealCertificateJob, sealCustomerCopyJob } from './seal-jobs';
import { poppler, sha256Hex } from './seal-test-tools';

for (const kind of kinds) {
  describe(`sealed certificate documents on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = t.token) =>
      t.app.inject({ method, url: `/api${url}`, headers: token ? auth(token) : {}, payload });

    /** Issues a certificate and, unless told not to, runs the sealing job its issue wrote. */
    async function issue(quantity = 2, checks: object = {}, seal = true) {
      const { brand, machine } = await seedMachine(t.repositories);
      const response = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brand.id, machine.id, quantity),
        ...checks,
      });
      assert.equal(response.statusCode, 200, response.body);
      const [certificate] = response.json() as PrintData[];
      const serials = Array.from(
        { length: quantity },
        (_, k) => `${certificate.serialNoPart1}${String(certificate.recordsCount + k).padStart(3, '0')}`,
      );
      if (seal) await t.runJobs();
      return { certificate, serials, machine };
    }

    /** A sealed PDF as a client gets it: asked again, as Retry-After says, once the worker ran its job. */
    async function document(url: string, token: string | null = t.token) {
      const first = await call('GET', url, undefined, token);
      if (first.statusCode !== 503) return first;
      assert.equal(first.headers['retry-after'], '2');
      assert.equal(first.json().error.code, 'DOCUMENT_PENDING');
      await t.runJobs();
      return call('GET', url, undefined, token);
    }

    const rows = (certificateId: number) =>
      t.db
        .selectFrom('certificate_documents')
        .selectAll()
        .where('certificate_id', '=', certificateId)
        .orderBy('seq')
        .execute();
    const verify = async (sha256: string) => {
      const response = await call('GET', apiPaths.verifyDocument(sha256), undefined, null);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as DocumentVerification;
    };

    test('issuing seals the whole certificate; staff print exactly those bytes, sealed and intact', async () => {
      const { certificate, serials } = await issue();
      const response = await document(apiPaths.certificateDocument(certificate.id));
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(
        response.headers['content-disposition'],
        `inline; filename="Pruefbericht-${certificate.id}.pdf"`,
      );
      const sha256 = sha256Hex(response.rawPayload);
      assert.equal(response.headers.etag, `"${sha256}"`);
      assert.match(poppler('pdfsig', response.rawPayload), /Signature is Valid/);
      assert.match(poppler('pdfinfo', response.rawPayload, ['-meta']), /<pdfaid:part>3<\/pdfaid:part>/);
      const [row] = await rows(certificate.id);
      assert.deepEqual(
        [row.seq, row.event, row.scope, row.serial, row.sha256, row.size],
        [1, 'issued', 'certificate', '', sha256, response.rawPayload.length],
      );
      assert.equal(
        row.page_count,
        Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', response.rawPayload))![1]),
      );
      const again = await document(apiPaths.certificateDocument(certificate.id));
      assert.ok(again.rawPayload.equals(response.rawPayload));
      const cached = await t.app.inject({
        url: `/api${apiPaths.certificateDocument(certificate.id)}`,
        headers: { ...auth(t.token), 'if-none-match': `"${sha256}"` },
      });
      assert.equal(cached.statusCode, 304);
      assert.deepEqual(await verify(sha256), {
        sha256,
        certificate_number: certificate.id,
        scope: 'certificate',
        serials,
        event: 'issued',
        sealed_at: row.created_at,
        current: true,
      });
    });

    test('the customer copy of a released unit is sealed on first request, then the same bytes', async () => {
      const { certificate, serials, machine } = await issue();
      const landing = await t.app.inject({ url: `/api${apiPaths.landing(machine.id)}?serial=${serials[1]}` });
      assert.equal(landing.json().serial.certificate_pdf, apiPaths.unitCertificate(serials[1]));
      const first = await document(apiPaths.unitCertificate(serials[1]), null);
      assert.equal(first.statusCode, 200, first.body);
      assert.match(
        String(first.headers['content-disposition']),
        new RegExp(`Pruefbericht-${serials[1]}\\.pdf`),
      );
      assert.match(poppler('pdfsig', first.rawPayload), /Signature is Valid/);
      const second = await document(`${apiPaths.unitCertificate(serials[1])}?download=1`, null);
      assert.ok(second.rawPayload.equals(first.rawPayload));
      assert.match(String(second.headers['content-disposition']), /^attachment;/);
      const ranged = await t.app.inject({
        url: `/api${apiPaths.unitCertificate(serials[1])}`,
        headers: { range: 'bytes=0-9' },
      });
      assert.equal(ranged.statusCode, 206);
      assert.equal(ranged.body, '%PDF-1.7\n%');
      const copies = (await rows(certificate.id)).filter((row) => row.scope === 'customer-copy');
      const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', first.rawPayload))![1]);
      assert.deepEqual(
        copies.map((row) => [row.serial, row.page_count]),
        [[serials[1], pages]],
      );
      const verified = await verify(sha256Hex(first.rawPayload).toUpperCase());
      assert.deepEqual(
        [verified.serials, verified.scope, verified.current],
        [[serials[1]], 'customer-copy', true],
      );
    });

    test('voiding a unit: no customer copy for it, its old copy is no longer current, a new whole document', async () => {
      const { certificate, serials, machine } = await issue();
      const copy = await document(apiPaths.unitCertificate(serials[0]), null);
      const before = await document(apiPaths.certificateDocument(certificate.id));
      const voided = await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: 1,
        reason: 'Transportschaden',
        serials: [serials[0]],
      });
      assert.equal(voided.statusCode, 200, voided.body);
      const refused = await document(apiPaths.unitCertificate(serials[0]), null);
      assert.equal(refused.statusCode, 404);
      assert.match(refused.json().error.message, /No test certificate .* \/ Für diese Seriennummer/);
      const landing = await t.app.inject({ url: `/api${apiPaths.landing(machine.id)}?serial=${serials[0]}` });
      assert.equal(landing.json().serial.certificate_pdf, undefined);
      assert.equal((await verify(sha256Hex(copy.rawPayload))).current, false);
      const after = await document(apiPaths.certificateDocument(certificate.id));
      assert.equal(after.statusCode, 200);
      assert.notEqual(sha256Hex(after.rawPayload), sha256Hex(before.rawPayload));
      assert.equal((await verify(sha256Hex(before.rawPayload))).current, false);
      const latest = await verify(sha256Hex(after.rawPayload));
      assert.deepEqual([latest.event, latest.current], ['voided', true]);
      // The copy and the issue's whole document were sealed at the same time: their order may be either.
      const stored = await rows(certificate.id);
      assert.deepEqual(
        stored.map((row) => row.seq),
        [1, 2, 3],
      );
      assert.deepEqual(
        stored.filter((row) => row.scope === 'certificate').map((row) => row.event),
        ['issued', 'voided'],
      );
      assert.deepEqual(
        stored.filter((row) => row.scope === 'customer-copy').map((row) => [row.event, row.serial]),
        [['issued', serials[0]]],
      );
      // The other unit keeps its positive certificate.
      assert.equal((await document(apiPaths.unitCertificate(serials[1]), null)).statusCode, 200);
    });

    test('a revision makes a new customer copy; the earlier one stays verifiable as not current', async () => {
      const { certificate, serials } = await issue(1);
      const copy = await document(apiPaths.unitCertificate(serials[0]), null);
      const printed = (await call('GET', apiPaths.certificate(certificate.id))).json() as PrintData;
      // The printed certificate's revisable fields as they are (wire names), only the checker corrected.
      const unchanged = fromWire(printed);
      const revised = await call('POST', apiPaths.certificateRevisions(certificate.id), {
        ...toWire(Object.fromEntries(REVISABLE_FIELDS.map((field) => [field, unchanged[field]]))),
        version: printed.version,
        reason: 'Prüfer falsch eingetragen',
        checked_by: 'Erika Musterfrau',
      });
      assert.equal(revised.statusCode, 200, revised.body);
      const newer = await document(apiPaths.unitCertificate(serials[0]), null);
      assert.equal(newer.statusCode, 200);
      assert.notEqual(sha256Hex(newer.rawPayload), sha256Hex(copy.rawPayload));
      assert.equal((await verify(sha256Hex(copy.rawPayload))).current, false);
      assert.equal((await verify(sha256Hex(newer.rawPayload))).current, true);
      const whole = await document(apiPaths.certificateDocument(certificate.id));
      assert.equal((await verify(sha256Hex(whole.rawPayload))).event, 'revised');
    });

    test('a failed unit has no downloadable certificate; released by deviation it has, sealed for the release', async () => {
      const { certificate, serials, machine } = await issue(1, { accessories: CHECK_NOT_OK });
      const landing = await t.app.inject({ url: `/api${apiPaths.landing(machine.id)}?serial=${serials[0]}` });
      assert.equal(landing.json().serial.certificate_pdf, undefined);
      assert.equal((await document(apiPaths.unitCertificate(serials[0]), null)).statusCode, 404);
      const released = await call('POST', `/certificates/${certificate.id}/release`, {
        deviation_reason: 'Zubehör nachgeliefert',
      });
      assert.equal(released.statusCode, 200, released.body);
      const copy = await document(apiPaths.unitCertificate(serials[0]), null);
      assert.equal(copy.statusCode, 200);
      assert.equal((await verify(sha256Hex(copy.rawPayload))).event, 'released');
      // The issue's own document may be skipped when the release came first: a document shows a state that was.
      const whole = await document(apiPaths.certificateDocument(certificate.id));
      assert.equal((await verify(sha256Hex(whole.rawPayload))).event, 'released');
    });

    test('bad input: a malformed hash is 400, an unknown one 404, an unknown or oversized serial 404/400', async () => {
      for (const malformed of ['xyz', 'g'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), '<script>']) {
        const response = await call('GET', apiPaths.verifyDocument(malformed), undefined, null);
        assert.equal(response.statusCode, 400, malformed);
        assert.match(response.json().error.message, /SHA-256/, malformed);
      }
      // Longer than a route parameter may be: Fastify's own 400, before the route.
      assert.equal(
        (await call('GET', apiPaths.verifyDocument('a'.repeat(201)), undefined, null)).statusCode,
        400,
      );
      const unknown = await call('GET', apiPaths.verifyDocument('0'.repeat(64)), undefined, null);
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.json().error.message, /was issued by us\. \/ .*nicht von uns ausgestellt/);
      assert.equal((await document(apiPaths.unitCertificate('0000000000'), null)).statusCode, 404);
      const long = 'A'.repeat(SERIAL_MAX_LENGTH + 1);
      assert.equal((await document(apiPaths.unitCertificate(long), null)).statusCode, 400);
      assert.equal((await document(apiPaths.certificateDocument(999_999))).statusCode, 404);
      assert.equal((await document(apiPaths.certificateDocument(1), null)).statusCode, 401);
      assert.equal((await call('GET', '/certificates/abc/document')).statusCode, 400);
    });

    test('the public calls are limited per address like the customer call', async () => {
      const limited = await buildApp({
        config: { ...t.config, publicRateLimit: 2 },
        database: t.testDb.database,
      });
      try {
        for (const url of [apiPaths.verifyDocument('0'.repeat(64)), apiPaths.unitCertificate('0000000000')]) {
          const statuses = [];
          for (let i = 0; i < 3; i++) statuses.push((await limited.inject({ url: `/api${url}` })).statusCode);
          assert.deepEqual(statuses, [404, 404, 429], url);
        }
      } finally {
        await limited.close();
      }
    });

    test('the archive is append-only: the database refuses to change or delete a document', async () => {
      const { certificate } = await issue(1);
      await document(apiPaths.certificateDocument(certificate.id));
      await assert.rejects(
        t.db
          .updateTable('certificate_documents')
          .set({ event: 'voided' })
          .where('certificate_id', '=', certificate.id)
          .execute(),
        /append-only/,
      );
      await assert.rejects(
        t.db.deleteFrom('certificate_documents').where('certificate_id', '=', certificate.id).execute(),
        /append-only/,
      );
    });

    test('a PDF not sealed yet is answered at once with 503 and Retry-After; the job written with the change seals it', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const issued = await call(
        'POST',
        apiPaths.certificateCreate(),
        certificateBody(brand.id, machine.id, 1),
      );
      const [certificate] = issued.json() as PrintData[];
      const jobs = await t.db
        .selectFrom('jobs')
        .selectAll()
        .where('subject', '=', `certificate:${certificate.id}`)
        .execute();
      assert.deepEqual(
        jobs.map((job) => [job.kind, job.state]),
        [['seal-certificate', 'queued']],
      );
      const pending = await call('GET', apiPaths.certificateDocument(certificate.id));
      assert.equal(pending.statusCode, 503);
      assert.equal(pending.headers['retry-after'], '2');
      assert.equal(pending.json().error.code, 'DOCUMENT_PENDING');
      assert.match(pending.json().error.message, /wird noch erstellt/);
      // Asking again queues nothing more: the waiting job seals the current state.
      await call('GET', apiPaths.certificateDocument(certificate.id));
      assert.equal(
        (
          await t.db
            .selectFrom('jobs')
            .select('id')
            .where('subject', '=', `certificate:${certificate.id}`)
            .execute()
        ).length,
        1,
      );
      await t.runJobs();
      assert.deepEqual(
        (await rows(certificate.id)).map((row) => [row.event, row.scope]),
        [['issued', 'certificate']],
      );
      assert.equal((await call('GET', apiPaths.certificateDocument(certificate.id))).statusCode, 200);
    });

    test('a failed render is tried again, then stays failed with its error; redone, it stores nothing twice', async () => {
      const { certificate } = await issue(1, {}, false);
      const failing = sealingWork(t.repositories, t.config, async () => {
        throw new Error('Schrift fehlt');
      });
      const runner = jobRunner({
        jobs: t.repositories.jobs,
        handlers: failing,
        log: { info: () => undefined, error: () => undefined },
      });
      await runner.untilIdle();
      const [job] = await t.db
        .selectFrom('jobs')
        .selectAll()
        .where('subject', '=', `certificate:${certificate.id}`)
        .execute();
      assert.deepEqual([job.state, job.attempts], ['queued', 1]);
      assert.match(job.error!, /Schrift fehlt/);
      // Its next try is later: due now, it fails until the tries are used up.
      for (let attempt = 2; attempt <= JOB_TRIES; attempt++) {
        await t.db
          .updateTable('jobs')
          .set({ run_after: new Date(0).toISOString() })
          .where('id', '=', job.id)
          .execute();
        await runner.untilIdle();
      }
      const failed = await t.repositories.jobs.byId(job.id);
      assert.deepEqual([failed!.state, failed!.attempts], ['failed', JOB_TRIES]);
      assert.equal((await rows(certificate.id)).length, 0);
      assert.equal(await t.repositories.jobs.retry(job.id, new Date()), true);
      await t.runJobs();
      await t.runJobs();
      assert.equal((await rows(certificate.id)).length, 1);
      // The same job redone (a worker killed after storing, before marking it done) stores nothing twice.
      const redo = await t.repositories.jobs.enqueue(sealCertificateJob(certificate.id));
      await t.runJobs();
      assert.equal((await t.repositories.jobs.byId(redo))!.state, 'done');
      assert.equal((await rows(certificate.id)).length, 1);
    });

    test('two workers sealing the same state at once keep one document', async () => {
      const { certificate } = await issue(1);
      const mine = (await document(apiPaths.certificateDocument(certificate.id))).rawPayload;
      const copy = sealCustomerCopyJob(certificate.id, certificate.serial_no);
      const handlers = sealingWork(t.repositories, t.config);
      const job = { payload: JSON.stringify(copy.payload) } as JobRow;
      const progress = { progress: async () => undefined };
      await Promise.all([
        handlers[SEAL_CUSTOMER_COPY](job, progress),
        handlers[SEAL_CUSTOMER_COPY](job, progress),
      ]);
      assert.equal((await rows(certificate.id)).length, 2);
      assert.equal((await verify(sha256Hex(mine))).current, true);
    });

    test('readiness names the development seal, made once and shared by every instance on the database', async () => {
      const ready = await t.app.inject({ url: '/api/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.match(ready.json().notices[0], /Entwicklungssiegel – nicht für Kunden.*SEAL_P12_PATH/);
      const seals = await t.db.selectFrom('seals').selectAll().execute();
      assert.equal(seals.length, 1);
      const [mine, theirs] = await Promise.all([
        t.app.inject({ url: '/api/readyz' }).then(() => t.services.certificateDocuments.seal.current()),
        t.services.certificateDocuments.seal.current(),
      ]);
      assert.ok(mine.certificates[0].equals(theirs.certificates[0]));
    });
  });
}
