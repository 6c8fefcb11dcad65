import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { UPLOAD_MAX_BYTES, apiPaths, type ServiceRequestDetail, type ServiceRequestList } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { drawPng } from '../../db/demo-images';
import { customerMessages } from '../../messages.de';
import {
  TEST_COST,
  apiUrl,
  auth,
  createTestApp,
  kinds,
  unitsReleasedAs,
  type TestApp,
} from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { tidying } from '../../work';
import { multipart, type FilePart } from '../documents/test-pdfs';
import { SERVICE_REQUEST_LIMITS } from './service-requests.service';

const FROM = 'pruefbericht@bds.example';
const QUALITY = { email: 'qualitaet@example.com', password: 'qualitaets-Passwort-1' };
const READER = { email: 'lesen@example.com', password: 'lese-Passwort-1' };

const fields = (changes: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({
      text: 'Die Maschine schaltet nach zwei Minuten ab.\nDer Schalter wird heiß.',
      name: 'Erika Muster',
      email: 'erika@example.com',
      phone: '+49 (0)30 123-456',
      language: 'de',
      ...changes,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
const png = (seed = 0) => drawPng(8, 8, (x, y) => [(x * 30 + seed) % 256, y * 30, 128]);
const photo = (data: Buffer, name = 'foto.png', type = 'image/png'): FilePart => ({
  data,
  name,
  type,
  field: 'photo',
});
const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.2.${addresses >> 8}.${addresses & 255}`;
};

function assertCustomerError(response: LightMyRequestResponse, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().error.message, message);
  assert.doesNotMatch(response.body, /stack|\.ts:\d+|node_modules/);
}

for (const kind of kinds) {
  describe(`service requests on ${kind}`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    /** released, deviation, failed, awaiting release, withdrawn (released, then voided), and released ones. */
    let serials: string[];
    let quality: string;

    const send = (
      serial: string,
      changes: Record<string, string | undefined> = {},
      photos: FilePart[] = [],
      remoteAddress = nextAddress(),
    ) => {
      const body = multipart(fields(changes), photos);
      return t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unitServiceRequests(serial)),
        ...body,
        remoteAddress,
      });
    };
    const list = async (status?: string, token = quality) => {
      const response = await t.app.inject({
        url: apiUrl(apiPaths.serviceRequests()),
        query: status ? { status } : {},
        headers: auth(token),
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as ServiceRequestList;
    };
    const stored = (serial: string) =>
      t.db.selectFrom('service_requests').selectAll().where('serial', '=', serial).execute();
    const photoCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('service_request_photos')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mailsAfter = async (count: number) => {
      const before = smtp.mails.length;
      await t.runJobs();
      return (await smtp.received(before + count)).slice(before);
    };
    const events = async (serial: string) =>
      (await t.app.inject({ url: apiUrl(apiPaths.unitEvents(serial)), headers: auth(t.token) })).json()
        .data as { action: string; details: Record<string, unknown> }[];

    before(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(kind, { mail: { url: smtp.url, from: FROM } });
      await t.repositories.users.add({ ...QUALITY, name: 'Quinn Qualität', roles: ['freigabe'] }, TEST_COST);
      await t.repositories.users.add({ ...READER, roles: ['lesen'] }, TEST_COST);
      quality = await t.login(QUALITY.email, QUALITY.password);
      serials = await unitsReleasedAs(t, 'SV', [
        'released',
        'deviation',
        'failed',
        'awaiting_release',
        'withdrawn',
        ...Array<'released'>(5).fill('released'),
      ]);
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    test('a request with a photo is stored, confirmed by mail in the customer’s language and shown to staff with the photo', async () => {
      const image = png(1);
      const response = await send(serials[0], {}, [photo(image)]);
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(response.json(), { mailed: true });
      const { data, new_count } = await list();
      const [request] = data.filter((row) => row.serial === serials[0]);
      assert.ok(new_count >= 1);
      assert.deepEqual(
        { ...request, id: 0, created_at: '', updated_at: '' },
        {
          id: 0,
          serial: serials[0],
          status: 'new',
          text: 'Die Maschine schaltet nach zwei Minuten ab.\nDer Schalter wird heiß.',
          name: 'Erika Muster',
          email: 'erika@example.com',
          phone: '+49 (0)30 123-456',
          language: 'de',
          photos: 1,
          created_at: '',
          updated_at: '',
        },
      );
      const served = await t.app.inject({
        url: apiUrl(apiPaths.serviceRequestPhoto(request.id, 1)),
        headers: auth(quality),
      });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.equal(served.headers['cache-control'], 'no-store');
      assert.deepEqual(served.rawPayload, image);
      // Never public, and no other position.
      const anonymous = await t.app.inject({ url: apiUrl(apiPaths.serviceRequestPhoto(request.id, 1)) });
      assert.equal(anonymous.statusCode, 401);
      const missing = await t.app.inject({
        url: apiUrl(apiPaths.serviceRequestPhoto(request.id, 2)),
        headers: auth(quality),
      });
      assert.equal(missing.statusCode, 404);
      const [mail] = await mailsAfter(1);
      assert.equal(mail.parsed.subject, 'Wir haben Ihre Serviceanfrage erhalten');
      assert.ok(String(mail.parsed.text).includes(serials[0]));
      assert.ok(String(mail.parsed.text).includes('Der Schalter wird heiß.'));
      assert.ok(String(mail.parsed.html).includes('<br>Der Schalter wird heiß.'));

      const english = await send(serials[1], { language: 'en', phone: undefined }, [
        photo(png(2)),
        photo(png(3)),
        photo(png(4)),
      ]);
      assert.equal(english.statusCode, 201, english.body);
      const [englishMail] = await mailsAfter(1);
      assert.equal(englishMail.parsed.subject, 'We have received your service request');
      const [row] = await stored(serials[1]);
      assert.equal(row.phone, null);
      assert.equal((await list()).data.find((item) => item.serial === serials[1])?.photos, 3);
    });

    test('a withdrawn unit may ask for service; failed, awaiting and unknown serials get one answer', async () => {
      assert.equal((await send(serials[4])).statusCode, 201);
      const answers = new Set<string>();
      for (const serial of [serials[2], serials[3], 'SV-UNBEKANNT-1', '<script>']) {
        const response = await send(serial, {}, [photo(png(5))]);
        assertCustomerError(response, 404, customerMessages.serviceRequestUnitUnknown);
        answers.add(response.body);
        assert.deepEqual(await stored(serial), []);
      }
      assert.equal(answers.size, 1);
      await t.runJobs();
    });

    test('a filled-in honeypot is answered like a request and stores and mails nothing', async () => {
      const before = smtp.mails.length;
      const response = await send(serials[5], { website: 'https://spam.example' }, [photo(png(6))]);
      assert.equal(response.statusCode, 201);
      assert.deepEqual(response.json(), { mailed: true });
      assert.deepEqual(await stored(serials[5]), []);
      await t.runJobs();
      assert.equal(smtp.mails.length, before);
    });

    test('missing, wrong, oversized and hostile fields are refused in English and German, never 500', async () => {
      const serial = serials[5];
      const cases: [Record<string, string | undefined>, string, string][] = [
        [{ text: undefined }, 'text', customerMessages.serviceRequestText],
        [{ text: '   ' }, 'text', customerMessages.serviceRequestText],
        [{ text: 'x'.repeat(4001) }, 'text', customerMessages.serviceRequestText],
        [{ text: 'Piep\u0007' }, 'text', customerMessages.serviceRequestText],
        [{ text: 'gespiegelt \u202E' }, 'text', customerMessages.serviceRequestText],
        [{ name: undefined }, 'name', customerMessages.serviceRequestName],
        [{ name: 'y'.repeat(201) }, 'name', customerMessages.serviceRequestName],
        [{ name: 'Erika\r\nBcc: alle@evil.example' }, 'name', customerMessages.serviceRequestName],
        [{ email: undefined }, 'email', customerMessages.paperRequestEmail],
        [{ email: 'keine-adresse' }, 'email', customerMessages.paperRequestEmail],
        [
          { email: 'erika@example.com\r\nBcc: alle@evil.example' },
          'email',
          customerMessages.paperRequestEmail,
        ],
        [{ email: 'a@example.com, b@example.com' }, 'email', customerMessages.paperRequestEmail],
        [{ email: `${'x'.repeat(250)}@example.com` }, 'email', customerMessages.paperRequestEmail],
        [{ phone: 'ruf mich an' }, 'phone', customerMessages.serviceRequestPhone],
        [{ phone: '1'.repeat(41) }, 'phone', customerMessages.serviceRequestPhone],
        [{ phone: '030\nBcc: x' }, 'phone', customerMessages.serviceRequestPhone],
        [{ language: 'fr' }, 'language', customerMessages.serviceRequestLanguage],
        [{ language: undefined }, 'language', customerMessages.serviceRequestLanguage],
      ];
      for (const [changes, field, message] of cases) {
        const response = await send(serial, changes);
        assert.equal(response.statusCode, 400, `${JSON.stringify(changes)}: ${response.body}`);
        assert.equal(response.json().error.fields[field], message, JSON.stringify(changes));
        assert.equal(response.json().error.message, customerMessages.paperRequestInvalid);
      }
      // An unknown field, JSON instead of a form, no body, a body the parser cannot read.
      const unknown = await send(serial, { owner: 'x' });
      assert.equal(unknown.statusCode, 400, unknown.body);
      for (const [payload, type] of [
        [JSON.stringify(fields()), 'application/json'],
        ['', 'multipart/form-data; boundary=zzz'],
        ['--zzz\r\nkaputt', 'multipart/form-data; boundary=zzz'],
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.unitServiceRequests(serial)),
          payload,
          headers: { 'content-type': type },
          remoteAddress: nextAddress(),
        });
        assert.ok([400, 415].includes(response.statusCode), `${response.statusCode} ${response.body}`);
        assert.match(response.json().error.message, /\S/);
      }
      assert.deepEqual(await stored(serial), []);
    });

    test('photos are checked like every image: hostile, polyglot, oversized, a bomb and a fourth are refused', async () => {
      const serial = serials[6];
      const before = await photoCount();
      const polyglotGif = Buffer.concat([Buffer.from('GIF89a'), html, Buffer.from(';')]);
      const bombHeader = Buffer.alloc(13);
      bombHeader.writeUInt32BE(40_000, 0);
      bombHeader.writeUInt32BE(40_000, 4);
      bombHeader.set([1, 0, 0, 0, 0], 8);
      const bomb = pngOf(bombHeader, zlib.deflateSync(Buffer.alloc(5001 * 40_000), { level: 9 }));
      const cases: [FilePart[], number, string][] = [
        [[photo(html, 'foto.png')], 415, customerMessages.servicePhotoType],
        [
          [photo(Buffer.from('<svg onload="alert(1)"/>'), 'foto.svg', 'image/svg+xml')],
          415,
          customerMessages.servicePhotoType,
        ],
        [
          [photo(png(7)), photo(polyglotGif, 'foto.gif', 'image/gif')],
          415,
          customerMessages.servicePhotoBroken,
        ],
        [[photo(png(7).subarray(0, 40))], 415, customerMessages.servicePhotoBroken],
        [[photo(bomb)], 413, customerMessages.servicePhotoTooManyPixels],
        [[photo(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1))], 413, customerMessages.servicePhotoTooLarge],
        [[1, 2, 3, 4].map((seed) => photo(png(seed))), 400, customerMessages.servicePhotosTooMany],
        [[{ ...photo(png(8)), field: 'file' }], 400, customerMessages.servicePhotoField],
      ];
      for (const [photos, status, message] of cases) {
        const response = await send(serial, {}, photos);
        assertCustomerError(response, status, message);
        assert.equal(response.json().error.fields.photo, message);
      }
      assert.deepEqual(await stored(serial), []);
      assert.equal(await photoCount(), before);
    });

    test('HTML and script in every field are stored as text and escaped in the mail', async () => {
      const serial = serials[7];
      const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
      const response = await send(serial, { text: `${hostile} & mehr`, name: hostile });
      assert.equal(response.statusCode, 201, response.body);
      const [row] = (await list()).data.filter((item) => item.serial === serial);
      assert.equal(row.text, `${hostile} & mehr`);
      assert.equal(row.name, hostile);
      const [mail] = await mailsAfter(1);
      const mailHtml = String(mail.parsed.html);
      assert.ok(!mailHtml.includes('<script') && !mailHtml.includes('<img'), mailHtml);
      assert.ok(mailHtml.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), mailHtml);
    });

    test('limits per address and per serial are kept in the database: another instance refuses alike', async () => {
      const address = '192.0.2.9';
      const other = await buildApp({
        config: t.config,
        database: t.testDb.database,
        passwordCost: TEST_COST,
      });
      try {
        for (let k = 0; k < SERVICE_REQUEST_LIMITS.address.limit; k += 1) {
          const app = k % 2 ? other : t.app;
          const response = await app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.unitServiceRequests(`SV-UNBEKANNT-${k}`)),
            ...multipart(fields()),
            remoteAddress: address,
          });
          assert.equal(response.statusCode, 404, `attempt ${k + 1}: ${response.body}`);
        }
        for (const app of [t.app, other]) {
          const refused = await app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.unitServiceRequests(serials[8])),
            ...multipart(fields()),
            remoteAddress: address,
          });
          assertCustomerError(refused, 429, customerMessages.serviceRequestTooMany);
          assert.ok(Number(refused.headers['retry-after']) > 0);
        }
        const serial = serials[8];
        for (let k = 0; k < SERVICE_REQUEST_LIMITS.serial.limit; k += 1)
          assert.equal((await send(serial)).statusCode, 201);
        assertCustomerError(await send(serial), 429, customerMessages.serviceRequestTooMany);
        const otherInstance = await other.inject({
          method: 'POST',
          url: apiUrl(apiPaths.unitServiceRequests(serial)),
          ...multipart(fields()),
          remoteAddress: nextAddress(),
        });
        assert.equal(otherInstance.statusCode, 429);
        await t.runJobs();
      } finally {
        await other.close();
      }
    });

    test('staff who may see owners work through a request: status filter, notes with author, all audited; others are refused', async () => {
      const reader = await t.login(READER.email, READER.password);
      for (const url of [
        apiPaths.serviceRequests(),
        apiPaths.serviceRequest(1),
        apiPaths.serviceRequestPhoto(1, 1),
      ]) {
        const refused = await t.app.inject({ url: apiUrl(url), headers: auth(reader) });
        assert.equal(refused.statusCode, 403, url);
      }
      const serial = serials[9];
      assert.equal((await send(serial)).statusCode, 201);
      const [{ id }] = await stored(serial);
      const countBefore = (await list()).new_count;
      const note = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.serviceRequestNotes(id)),
        headers: auth(quality),
        payload: { text: 'Rückruf vereinbart.\n<b>Ersatzschalter</b> bestellt.' },
      });
      assert.equal(note.statusCode, 201, note.body);
      const detail = note.json() as ServiceRequestDetail;
      assert.deepEqual(
        detail.notes.map((n) => [n.text, n.author]),
        [['Rückruf vereinbart.\n<b>Ersatzschalter</b> bestellt.', 'Quinn Qualität']],
      );
      const status = await t.app.inject({
        method: 'PUT',
        url: apiUrl(apiPaths.serviceRequestStatus(id)),
        headers: auth(quality),
        payload: { status: 'in_progress' },
      });
      assert.equal(status.statusCode, 200, status.body);
      assert.equal((await list()).new_count, countBefore - 1);
      assert.deepEqual(
        (await list('in_progress')).data.map((row) => row.id),
        [id],
      );
      assert.ok(!(await list('new')).data.some((row) => row.id === id));
      // Wrong input to the staff routes: 400 or 404, never 500.
      for (const [method, url, payload, code] of [
        ['PUT', apiPaths.serviceRequestStatus(id), { status: 'erledigt' }, 400],
        ['PUT', apiPaths.serviceRequestStatus(999_999), { status: 'done' }, 404],
        ['POST', apiPaths.serviceRequestNotes(id), { text: '' }, 400],
        ['POST', apiPaths.serviceRequestNotes(id), { text: 'x'.repeat(2001) }, 400],
        ['POST', apiPaths.serviceRequestNotes(999_999), { text: 'x' }, 404],
        ['DELETE', apiPaths.serviceRequest(id), {}, 400],
      ] as const) {
        const response = await t.app.inject({ method, url: apiUrl(url), headers: auth(quality), payload });
        assert.equal(response.statusCode, code, `${method} ${url}: ${response.body}`);
      }
      const invalidFilter = await t.app.inject({
        url: apiUrl(apiPaths.serviceRequests()),
        query: { status: 'alle' },
        headers: auth(quality),
      });
      assert.equal(invalidFilter.statusCode, 400);

      // Deleted on the customer's request: gone with photos and notes, audited without the person.
      const removed = await t.app.inject({
        method: 'DELETE',
        url: apiUrl(apiPaths.serviceRequest(id)),
        headers: auth(quality),
        payload: { reason: 'Auf Wunsch der Kundin per Telefon' },
      });
      assert.equal(removed.statusCode, 204, removed.body);
      assert.deepEqual(await stored(serial), []);
      const gone = await t.app.inject({ url: apiUrl(apiPaths.serviceRequest(id)), headers: auth(quality) });
      assert.equal(gone.statusCode, 404);
      const trail = await events(serial);
      assert.deepEqual(
        trail
          .filter((event) => event.action.startsWith('service_request.'))
          .map((event) => event.action)
          .sort(),
        [
          'service_request.deleted',
          'service_request.note_added',
          'service_request.received',
          'service_request.status_changed',
        ],
      );
      assert.ok(
        !/Erika|erika@example|123-456|Ersatzschalter/.test(JSON.stringify(trail)),
        JSON.stringify(trail),
      );
    });

    test('the housekeeping job deletes requests past their retention and keeps the rest', async () => {
      const all = (await list()).data;
      const old = all[all.length - 1];
      const threeYearsAgo = new Date();
      threeYearsAgo.setUTCFullYear(threeYearsAgo.getUTCFullYear() - 3);
      threeYearsAgo.setUTCDate(threeYearsAgo.getUTCDate() - 1);
      await t.db
        .updateTable('service_requests')
        .set({ created_at: threeYearsAgo.toISOString() })
        .where('id', '=', old.id)
        .execute();
      await tidying(t.repositories, t.config)(new Date());
      const kept = (await list()).data;
      assert.deepEqual(
        all.filter((row) => !kept.some((left) => left.id === row.id)).map((row) => row.id),
        [old.id],
      );
      assert.ok(
        (await events(old.serial)).some(
          (event) => event.action === 'service_request.deleted' && event.details.reason === 'retention',
        ),
      );
    });
  });

  describe(`service requests without mail on ${kind}`, () => {
    let t: TestApp;
    let serial: string;
    before(async () => {
      t = await createTestApp(kind);
      [serial] = await unitsReleasedAs(t, 'SO', ['released']);
    });
    after(() => t.close());

    test('without SMTP_URL the request is stored, nothing is queued, and the answer says no mail is sent', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unitServiceRequests(serial)),
        ...multipart(fields()),
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(response.json(), { mailed: false });
      assert.equal((await t.db.selectFrom('service_requests').selectAll().execute()).length, 1);
      assert.equal(
        (await t.db.selectFrom('jobs').select('id').where('kind', '=', 'send-mail').execute()).length,
        0,
      );
    });
  });
}

/** A PNG of the header `ihdr` and pixel data `idat`, with right chunk checksums. */
function pngOf(ihdr: Buffer, idat: Buffer) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
