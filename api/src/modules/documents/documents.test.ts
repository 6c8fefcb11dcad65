import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DOCUMENT_MAX_BYTES,
  PAPER_REQUEST_ERASE_AFTER_DAYS,
  apiPaths,
  berlinIsoDate,
  type Landing,
  type PaperRequest,
} from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '../../messages';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { CHUNK_BYTES } from '../../platform/chunk-store';
import { PAPER_REQUESTS_PER_HOUR } from './documents.routes';
import { hostilePdf, multipart, plainPdf } from './test-pdfs';

function assertError(response: LightMyRequestResponse, status: number, field?: string, message?: string) {
  assert.equal(response.statusCode, status, response.body);
  const { error } = response.json();
  if (field) assert.ok(error.fields?.[field], `${field} named: ${response.body}`);
  if (message) assert.equal(field ? error.fields[field] : error.message, message, response.body);
  assert.doesNotMatch(response.body, /stack|\.ts:\d+|node_modules/);
}

const today = () => berlinIsoDate(new Date());

for (const kind of kinds) {
  describe(`documents on ${kind}`, () => {
    let t: TestApp;
    let machine: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let brandId: number;
    const pdfs: Record<string, Buffer> = {};

    before(async () => {
      t = await createTestApp(kind);
      const seeded = await seedMachine(t.repositories, { name: 'Kernbohrmaschine KB 32/2 Ü' });
      machine = seeded.machine;
      brandId = seeded.brand.id;
      pdfs.de1 = await plainPdf('Betriebsanleitung Ausgabe 1');
      pdfs.en1 = await plainPdf('Instructions edition 1');
      // Several chunks, so ranges cross chunk borders.
      pdfs.de2 = await plainPdf('Betriebsanleitung Ausgabe 2', CHUNK_BYTES * 2 + 1000);
    });
    after(() => t.close());

    const upload = (
      fields: Record<string, string>,
      file?: Parameters<typeof multipart>[1],
      token = t.token,
    ) => {
      const body = multipart(fields, file);
      return t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.machineDocuments(machine.id)),
        headers: { ...auth(token), ...body.headers },
        payload: body.payload,
      });
    };
    const fields = (over: Record<string, string> = {}) => ({
      kind: 'instructions',
      language: 'de',
      valid_from: '2024-01-01',
      ...over,
    });
    const landing = async (serial?: string) => {
      const query = serial ? `?serial=${serial}` : '';
      const response = await t.app.inject(apiUrl(apiPaths.landing(machine.id)) + query);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Landing;
    };

    test('a machine without documents shows no documents to the customer', async () => {
      assert.equal((await landing()).documents, undefined);
    });

    test('uploads in DE and EN and a newer DE version; each in the audit trail, the older superseded', async () => {
      const de1 = await upload(fields(), { data: pdfs.de1 });
      assert.equal(de1.statusCode, 201, de1.body);
      const en1 = await upload(fields({ language: 'en' }), { data: pdfs.en1, name: 'whatever.bin' });
      assert.equal(en1.statusCode, 201, en1.body);
      const de2 = await upload(fields({ valid_from: '2025-06-01' }), { data: pdfs.de2 });
      assert.equal(de2.statusCode, 201, de2.body);

      const list = await t.app.inject({
        url: apiUrl(apiPaths.machineDocuments(machine.id)),
        headers: auth(t.token),
      });
      assert.equal(list.statusCode, 200, list.body);
      const versions = list.json().data as {
        id: number;
        language: string;
        superseded_by: number | null;
        size: number;
        file_name: string;
      }[];
      assert.deepEqual(
        versions.map((v) => [v.language, v.superseded_by]),
        [
          ['de', de2.json().id],
          ['de', null],
          ['en', null],
        ],
      );
      assert.equal(versions[1].size, pdfs.de2.length);
      assert.equal(
        versions[0].file_name,
        'Kernbohrmaschine-KB-32-2-U_Instructions-for-use_DE_2024-01-01.pdf',
      );

      const events = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', 'like', 'document.%')
        .execute();
      assert.deepEqual(
        events.map((e) => [e.action, e.subject_id]),
        [
          ['document.uploaded', String(de1.json().id)],
          ['document.uploaded', String(en1.json().id)],
          ['document.uploaded', String(de2.json().id)],
          ['document.superseded', String(de1.json().id)],
        ],
      );
    });

    test('a PDF is judged by its content: hostile, broken, empty and oversized files are refused, nothing stored', async () => {
      const before = await t.db.selectFrom('machine_documents').select('id').execute();
      const chunksBefore = await t.db.selectFrom('document_chunks').select('seq').execute();
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const cases: [Buffer, number, string][] = [
        [await hostilePdf('javascript'), 415, messages.documentJavascript],
        [await hostilePdf('javascript', true), 415, messages.documentJavascript],
        [await hostilePdf('launch', true), 415, messages.documentLaunch],
        [await hostilePdf('launch'), 415, messages.documentLaunch],
        [await hostilePdf('embedded'), 415, messages.documentEmbeddedFile],
        [await hostilePdf('encrypted'), 415, messages.documentEncrypted],
        [png, 415, messages.documentNotPdf],
        [pdfs.de1.subarray(0, 200), 415, messages.documentNotPdf],
        [Buffer.alloc(0), 400, messages.documentEmpty],
      ];
      for (const [data, status, message] of cases)
        assertError(await upload(fields({ valid_from: '2026-01-01' }), { data }), status, 'file', message);
      const huge = Buffer.concat([pdfs.de1, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
      assertError(
        await upload(fields({ valid_from: '2026-01-01' }), { data: huge }),
        413,
        'file',
        messages.documentTooLarge,
      );
      assert.deepEqual(await t.db.selectFrom('machine_documents').select('id').execute(), before);
      assert.equal(
        (await t.db.selectFrom('document_chunks').select('seq').execute()).length,
        chunksBefore.length,
      );
    });

    test('fields: German 400 naming the field; an earlier day only when confirmed; the same day twice is 409', async () => {
      const pdf = await plainPdf('Sicherheitshinweise');
      assertError(
        await upload(fields({ language: 'xx' }), { data: pdf }),
        400,
        'language',
        messages.documentLanguage,
      );
      assertError(
        await upload(fields({ language: 'DE' }), { data: pdf }),
        400,
        'language',
        messages.documentLanguage,
      );
      assertError(await upload(fields({ language: 'deu' }), { data: pdf }), 400, 'language');
      assertError(
        await upload(fields({ kind: 'brochure' }), { data: pdf }),
        400,
        'kind',
        messages.documentKind,
      );
      assertError(await upload(fields({ valid_from: '2025-02-30' }), { data: pdf }), 400, 'valid_from');
      assertError(await upload(fields({ valid_from: '<script>' }), { data: pdf }), 400, 'valid_from');
      assertError(await upload({ ...fields(), evil: 'x' }, { data: pdf }), 400, 'evil');
      assertError(await upload(fields()), 400, 'file', messages.documentFileMissing);
      assertError(
        await upload(fields({ valid_from: '2024-06-01' }), { data: pdf }),
        400,
        'valid_from',
        messages.documentEarlier('2025-06-01'),
      );
      assertError(await upload(fields({ valid_from: '2025-06-01' }), { data: pdf }), 409, 'valid_from');
      const confirmed = await upload(fields({ valid_from: '2024-06-01', earlier: 'true' }), { data: pdf });
      assert.equal(confirmed.statusCode, 201, confirmed.body);
      const json = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.machineDocuments(machine.id)),
        headers: auth(t.token),
        payload: fields(),
      });
      assertError(json, 415);
      const unknownMachine = multipart(fields({ valid_from: '2027-01-01' }), { data: pdf });
      assertError(
        await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.machineDocuments(999_999)),
          headers: { ...auth(t.token), ...unknownMachine.headers },
          payload: unknownMachine.payload,
        }),
        404,
      );
    });

    test('two uploads for the same day at once: one is stored, the other is a 409, never a 500', async () => {
      const [a, b] = await Promise.all([
        upload(fields({ kind: 'safety', valid_from: '2024-03-01' }), { data: pdfs.en1 }),
        upload(fields({ kind: 'safety', valid_from: '2024-03-01' }), { data: pdfs.de1 }),
      ]);
      assert.deepEqual([a.statusCode, b.statusCode].sort(), [201, 409], `${a.body} ${b.body}`);
    });

    test('downloads stream the stored bytes, whole or as ranges (206), under a meaningful file name', async () => {
      const { documents } = await landing();
      const de = documents!.find((d) => d.language === 'de')!;
      const whole = await t.app.inject(apiUrl(de.href));
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['content-type'], 'application/pdf');
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      assert.match(
        String(whole.headers['content-disposition']),
        /^inline; filename="Kernbohrmaschine-KB-32-2-U_Instructions-for-use_DE_\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      assert.deepEqual(whole.rawPayload, pdfs.de2);
      const download = await t.app.inject(`${apiUrl(de.href)}?download=1`);
      assert.match(String(download.headers['content-disposition']), /^attachment; filename=/);

      const from = CHUNK_BYTES - 10;
      const part = await t.app.inject({
        url: apiUrl(de.href),
        headers: { range: `bytes=${from}-${from + 29}` },
      });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes ${from}-${from + 29}/${pdfs.de2.length}`);
      assert.deepEqual(part.rawPayload, pdfs.de2.subarray(from, from + 30));
      const tail = await t.app.inject({ url: apiUrl(de.href), headers: { range: 'bytes=-100' } });
      assert.equal(tail.statusCode, 206);
      assert.deepEqual(tail.rawPayload, pdfs.de2.subarray(-100));
      const open = await t.app.inject({
        url: apiUrl(de.href),
        headers: { range: `bytes=${pdfs.de2.length - 5}-` },
      });
      assert.deepEqual(open.rawPayload, pdfs.de2.subarray(-5));

      const outside = await t.app.inject({
        url: apiUrl(de.href),
        headers: { range: `bytes=${pdfs.de2.length}-` },
      });
      assertError(outside, 416);
      assert.equal(outside.headers['content-range'], `bytes */${pdfs.de2.length}`);
      assert.notEqual(outside.headers['cache-control'], 'public, max-age=31536000, immutable');
      const cached = await t.app.inject({
        url: apiUrl(de.href),
        headers: { 'if-none-match': String(whole.headers.etag) },
      });
      assert.equal(cached.statusCode, 304);
      assertError(await t.app.inject(apiUrl(apiPaths.documentFile(de.id, 'other.pdf'))), 404);
      assertError(await t.app.inject(apiUrl(apiPaths.documentFile(999_999, 'x.pdf'))), 404);
      assertError(await t.app.inject('/api/documents/abc/x.pdf'), 400);
    });

    test('the customer sees the version in force on the unit’s issue day and the newer one marked', async () => {
      const issued = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(t.token),
        payload: certificateBody(brandId, machine.id, 1),
      });
      assert.equal(issued.statusCode, 200, issued.body);
      const { id, serial_no: serial } = issued.json()[0] as { id: number; serial_no: string };
      // Issued on 10 March 2025: before the second German edition (2025-06-01), after the June 2024 one.
      await t.db
        .updateTable('certificates')
        .set({ created_at: '2025-03-10T09:00:00.000Z' })
        .where('id', '=', id)
        .execute();
      const { documents } = await landing(serial);
      const de = documents!.find((d) => d.kind === 'instructions' && d.language === 'de')!;
      assert.equal(de.valid_from, '2024-06-01');
      assert.equal(de.newer?.valid_from, '2025-06-01');
      assert.equal(de.newer?.size, pdfs.de2.length);
      const en = documents!.find((d) => d.language === 'en')!;
      assert.equal(en.valid_from, '2024-01-01');
      assert.equal(en.newer, undefined);
      // Without a serial: today's versions, nothing marked newer.
      const today = (await landing()).documents!.find((d) => d.language === 'de')!;
      assert.equal(today.valid_from, '2025-06-01');
      assert.equal(today.newer, undefined);
    });

    test('a version that applies only from a later day is not shown to customers yet', async () => {
      const next = await upload(fields({ language: 'fr', valid_from: '2999-01-01' }), { data: pdfs.en1 });
      assert.equal(next.statusCode, 201, next.body);
      assert.equal(
        (await landing()).documents!.some((d) => d.language === 'fr'),
        false,
      );
    });

    describe('paper copies', () => {
      let address = 0;
      // Each request from an address of its own: the limit per address has a test of its own below.
      const request = (payload: Record<string, unknown>, remoteAddress = `10.0.0.${++address}`) =>
        t.app.inject({ method: 'POST', url: apiUrl(apiPaths.paperRequests()), payload, remoteAddress });
      let documentId: number;
      before(async () => {
        documentId = (await landing()).documents!.find((d) => d.language === 'de')!.id;
      });
      const valid = () => ({
        document_id: documentId,
        serial: '4852406001',
        name: 'Erika Mustermann',
        address: 'Heidestraße 17\n51147 Köln',
        email: 'erika@example.com',
      });

      test('bad input: a bilingual 400 naming the field, nothing stored', async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ ...valid(), name: 'x'.repeat(10_000) }, 'name'],
          [{ ...valid(), name: '<script>alert(1)</script>' }, 'name'],
          [{ ...valid(), address: 'a <b>b</b>' }, 'address'],
          [{ ...valid(), name: '   ' }, 'name'],
          [{ ...valid(), email: 'no-mail' }, 'email'],
          [{ ...valid(), serial: '1'.repeat(41) }, 'serial'],
        ];
        for (const [payload, field] of cases) assertError(await request(payload), 400, field);
        const missing: Partial<ReturnType<typeof valid>> = valid();
        delete missing.email;
        assertError(await request(missing), 400, 'email');
        assert.match((await request({ ...valid(), email: 'x' })).json().error.message, /Please .* \/ Bitte/);
        assertError(await request({ ...valid(), document_id: 999_999 }), 404);
        assertError(await request({ ...valid(), document_id: 'x' }), 400);
        assert.equal((await t.db.selectFrom('paper_requests').select('id').execute()).length, 0);
      });

      test('through to done: listed with its one-month deadline, marked sent, personal data erased later', async () => {
        const created = await request(valid());
        assert.equal(created.statusCode, 201, created.body);
        const { id, due } = created.json();
        const expectedDue = new Date(Date.parse(`${today()}T00:00:00Z`) + 30 * 86_400_000)
          .toISOString()
          .slice(0, 10);
        assert.equal(due, expectedDue);
        const list = async () => {
          const response = await t.app.inject({
            url: apiUrl(apiPaths.paperRequests()),
            headers: auth(t.token),
          });
          assert.equal(response.statusCode, 200, response.body);
          return response.json().data as PaperRequest[];
        };
        const [open] = await list();
        assert.equal(open.name, 'Erika Mustermann');
        assert.equal(open.sent_on, null);

        const sent = (sent_on: string) =>
          t.app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.paperRequestSent(id)),
            headers: auth(t.token),
            payload: { sent_on },
          });
        assertError(await sent('2999-01-01'), 400, 'sent_on');
        assertError(await sent('2000-01-01'), 400, 'sent_on');
        assertError(await sent('gestern'), 400);
        assert.equal((await sent(today())).statusCode, 204);
        assertError(await sent(today()), 409);
        assert.equal((await list())[0].sent_on, today());
        const audit = await t.db
          .selectFrom('audit_events')
          .select('action')
          .where('action', '=', 'paper_request.sent')
          .execute();
        assert.equal(audit.length, 1);

        // Sent longer ago than the erasure period: the next look at the list erases name, address and e-mail.
        const longAgo = new Date(Date.now() - (PAPER_REQUEST_ERASE_AFTER_DAYS + 1) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        await t.db.updateTable('paper_requests').set({ sent_on: longAgo }).where('id', '=', id).execute();
        const [erased] = await list();
        assert.deepEqual([erased.name, erased.address, erased.email, erased.erased], ['', '', '', true]);
        const row = await t.db
          .selectFrom('paper_requests')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        assert.equal(row.name + row.address + row.email, '');
      });

      test('one address may send PAPER_REQUESTS_PER_HOUR requests an hour, then 429', async () => {
        for (let k = 0; k < PAPER_REQUESTS_PER_HOUR; k++)
          assert.equal((await request({ ...valid(), email: 'x' }, '10.9.9.9')).statusCode, 400);
        assertError(await request(valid(), '10.9.9.9'), 429);
      });

      test('staff calls need a session; unknown requests are 404', async () => {
        assertError(await t.app.inject({ url: apiUrl(apiPaths.paperRequests()) }), 401);
        assertError(
          await t.app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.paperRequestSent(999_999)),
            headers: auth(t.token),
            payload: { sent_on: today() },
          }),
          404,
        );
      });
    });
  });
}
