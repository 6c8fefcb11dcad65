import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  REVISABLE_FIELDS,
  apiPaths,
  fromWire,
  toWire,
  type CertificateDocumentList,
  type PrintData,
} from 'contracts';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';
import { poppler, sha256Hex } from './seal-test-tools';

for (const kind of kinds) {
  describe(`a certificate's archived documents on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const get = (url: string, headers: Record<string, string> = auth(t.token)) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    const list = async (id: number) => {
      const response = await get(apiPaths.certificateDocuments(id));
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as CertificateDocumentList).documents;
    };

    /** Issues one unit and has its document sealed (the worker runs the job the issue wrote). */
    async function issueSealed() {
      const { brand, machine } = await seedMachine(t.repositories);
      const created = await t.app.inject({
        method: 'POST',
        url: `/api${apiPaths.certificateCreate()}`,
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 1),
      });
      assert.equal(created.statusCode, 200, created.body);
      const [certificate] = created.json() as PrintData[];
      await t.runJobs();
      const first = await get(apiPaths.certificateDocument(certificate.id));
      assert.equal(first.statusCode, 200, first.body);
      return { certificate, first };
    }

    test('an earlier revision prints the bytes archived for it, after the revision', async () => {
      const { certificate, first } = await issueSealed();
      const unchanged = fromWire(certificate);
      const revised = await t.app.inject({
        method: 'POST',
        url: `/api${apiPaths.certificateRevisions(certificate.id)}`,
        headers: auth(t.token),
        payload: {
          ...toWire(Object.fromEntries(REVISABLE_FIELDS.map((field) => [field, unchanged[field]]))),
          version: certificate.version,
          reason: 'Prüfer falsch eingetragen',
          checked_by: 'Jürgen Korrektur',
        },
      });
      assert.equal(revised.statusCode, 200, revised.body);
      await t.runJobs();
      const current = await get(apiPaths.certificateDocument(certificate.id));
      assert.equal(current.statusCode, 200, current.body);

      const documents = await list(certificate.id);
      const whole = documents.filter((document) => document.scope === 'certificate');
      assert.deepEqual(
        whole.map(({ seq, revision, event, serial }) => [seq, revision, event, serial]),
        [
          [1, 1, 'issued', ''],
          [2, 2, 'revised', ''],
        ],
      );
      assert.equal(whole[0].sha256, sha256Hex(first.rawPayload));
      assert.equal(whole[1].sha256, sha256Hex(current.rawPayload));

      const earlier = await get(apiPaths.certificateDocumentBySeq(certificate.id, 1));
      assert.equal(earlier.statusCode, 200, earlier.body);
      assert.equal(earlier.headers['content-type'], 'application/pdf');
      assert.equal(
        earlier.headers['content-disposition'],
        `inline; filename="Pruefbericht-${certificate.id}-Revision-1.pdf"`,
      );
      assert.ok(earlier.rawPayload.equals(first.rawPayload), 'the archived bytes, unchanged');
      assert.equal(Number(earlier.headers['content-length']), whole[0].size);
      assert.match(poppler('pdfsig', earlier.rawPayload), /Signature is Valid/);
      assert.equal(earlier.headers.etag, `"${whole[0].sha256}"`);
      const cached = await get(apiPaths.certificateDocumentBySeq(certificate.id, 1), {
        ...auth(t.token),
        'if-none-match': `"${whole[0].sha256}"`,
      });
      assert.equal(cached.statusCode, 304);
      assert.equal(cached.rawPayload.length, 0);
    });

    test('missing, wrong, oversized and hostile input: 401, 404 and 400 with a German message, never a 500', async () => {
      const { certificate } = await issueSealed();
      assert.equal((await get(apiPaths.certificateDocuments(certificate.id), {})).statusCode, 401);
      assert.equal((await get(apiPaths.certificateDocumentBySeq(certificate.id, 1), {})).statusCode, 401);
      const unknown = await get(apiPaths.certificateDocuments(999_999));
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().error.message, 'Prüfbericht nicht gefunden.');
      assert.equal((await get(apiPaths.certificateDocumentBySeq(999_999, 1))).statusCode, 404);
      const noSuchSeq = await get(apiPaths.certificateDocumentBySeq(certificate.id, 99));
      assert.equal(noSuchSeq.statusCode, 404);
      assert.match(noSuchSeq.json().error.message, /Dokument nicht gefunden/);
      for (const seq of ['0', '-1', '1.5', 'abc', '9'.repeat(40), "1'%20OR%201=1", '%3Cscript%3E']) {
        const response = await get(`/certificates/${certificate.id}/documents/${seq}`);
        assert.equal(response.statusCode, 400, `${seq}: ${response.body}`);
        assert.equal(typeof response.json().error.message, 'string');
      }
    });
  });
}
