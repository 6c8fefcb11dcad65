import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  CONSENT_TEXTS,
  CONSENT_VERSION,
  apiPaths,
  berlinIsoDate,
  type PrintData,
  type Registration,
  type RegistrationBody,
} from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { customerMessages } from '../../messages.de';
import {
  TEST_COST,
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  exportedFile,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { tidying } from '../../work';
import { REGISTRATION_LIMITS } from './registrations.service';

const WEB_BASE = 'https://pruefbericht.bds.example';
const FROM = 'pruefbericht@bds.example';
const QUALITY = { email: 'qualitaet@example.com', password: 'qualitaets-Passwort-1' };
const READER = { email: 'lesen@example.com', password: 'lese-Passwort-1' };

const body = (fields: Partial<RegistrationBody> = {}): RegistrationBody => ({
  owner: 'Schreinerei Muster GmbH',
  email: 'erika@example.com',
  country: 'DE',
  purchased_on: '2026-11-02',
  dealer: 'Werkzeug Meier',
  language: 'de',
  consent: true,
  consent_version: CONSENT_VERSION,
  ...fields,
});

/** Each call from its own client address, so that only the tests of the limits meet them. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.1.${addresses >> 8}.${addresses & 255}`;
};

/** The token of a mailed confirmation link. */
const tokenOf = (text: string) => /#confirm=([A-Za-z0-9_-]+)/.exec(text)?.[1];

function assertCustomerError(response: LightMyRequestResponse, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().error.message, message);
}

for (const kind of kinds) {
  describe(`registrations on ${kind}`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let machineId: number;
    /** released, deviation, failed, awaiting release, withdrawn, and released ones for the tests to use. */
    let serials: string[];
    let quality: string;

    const register = (
      serial: string,
      fields: Partial<RegistrationBody> = {},
      remoteAddress = nextAddress(),
    ) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unitRegistration(serial)),
        payload: body(fields),
        remoteAddress,
      });
    const confirm = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.registrationConfirm()),
        payload: { token },
        remoteAddress: nextAddress(),
      });
    const list = async (serial?: string, token = quality) => {
      const response = await t.app.inject({
        url: apiUrl(apiPaths.registrations()),
        query: serial ? { serial } : {},
        headers: auth(token),
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Registration[];
    };
    const stored = (serial: string) =>
      t.db.selectFrom('registrations').selectAll().where('serial', '=', serial).execute();
    /** Runs the queued mails and answers the new ones. */
    const mailsAfter = async (count: number) => {
      const before = smtp.mails.length;
      await t.runJobs();
      return (await smtp.received(before + count)).slice(before);
    };

    before(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(kind, { mail: { url: smtp.url, from: FROM }, webBase: WEB_BASE });
      await t.repositories.users.add({ ...QUALITY, roles: ['freigabe'] }, TEST_COST);
      await t.repositories.users.add({ ...READER, roles: ['lesen'] }, TEST_COST);
      quality = await t.login(QUALITY.email, QUALITY.password);
      const { brand, machine } = await seedMachine(t.repositories, {
        brand: 'Registriermarke',
        prefix: 'RG',
      });
      machineId = machine.id;
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 12),
      });
      assert.equal(response.statusCode, 200, response.body);
      serials = (response.json()[0] as PrintData).serials;
      for (const [k, release] of (['released', 'deviation', 'failed', 'awaiting_release'] as const).entries())
        await t.db
          .updateTable('certificate_units')
          .set({ release })
          .where('serial', '=', serials[k])
          .execute();
      await t.db
        .updateTable('certificate_units')
        .set({ voided_at: new Date().toISOString() })
        .where('serial', '=', serials[4])
        .execute();
      // The issue's own mails (the certificate's sealing) are not what these tests read.
      await t.runJobs();
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    test('register, get the mail in the owner’s language, confirm once by its link', async () => {
      const serial = serials[0];
      const response = await register(serial, { language: 'en' });
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(response.json(), { mailed: true });
      const [mail] = await mailsAfter(1);
      assert.deepEqual(mail.envelope.to, ['erika@example.com']);
      assert.equal(mail.parsed.subject, 'Please confirm the registration of your machine');
      assert.match(String(mail.parsed.text), new RegExp(`serial number ${serial}`));
      const link = `${WEB_BASE}/landing/${machineId}/${serial}#confirm=`;
      assert.ok(String(mail.parsed.text).includes(link), mail.parsed.text);
      assert.ok(String(mail.parsed.html).includes(`<a href="${link}`), String(mail.parsed.html));
      const token = tokenOf(String(mail.parsed.text))!;
      // Only the token's hash is stored, with its expiry; the jobs table never held it.
      const [row] = await stored(serial);
      assert.equal(row.token_hash, crypto.createHash('sha256').update(token).digest('hex'));
      assert.ok(Date.parse(row.token_expires_at!) > Date.now() + 47 * 3_600_000);
      assert.equal(row.consent_text, CONSENT_TEXTS[CONSENT_VERSION].en);
      assert.equal(row.consent_version, CONSENT_VERSION);
      const jobs = await t.db.selectFrom('jobs').select('payload').execute();
      assert.ok(!jobs.some((job) => job.payload.includes(token)));

      assert.equal((await confirm(token)).statusCode, 204);
      const [confirmed] = await list(serial);
      assert.equal(confirmed.status, 'active');
      assert.ok(confirmed.confirmed_at);
      assert.equal(confirmed.mailed, true);
      // Replayed: the link was spent.
      assertCustomerError(await confirm(token), 404, customerMessages.registrationLinkInvalid);
      // The mail was recorded as sent once.
      const sends = await t.db
        .selectFrom('mail_sends')
        .selectAll()
        .where('subject', '=', `registration:${row.id}:confirmation`)
        .execute();
      assert.deepEqual(
        sends.map((send) => send.state),
        ['sent'],
      );
    });

    test('a German registration gets the German mail', async () => {
      assert.equal((await register(serials[1])).statusCode, 201);
      const [mail] = await mailsAfter(1);
      assert.equal(mail.parsed.subject, 'Bitte bestätigen Sie die Registrierung Ihrer Maschine');
      assert.match(String(mail.parsed.text), /^Guten Tag Schreinerei Muster GmbH,/);
      assert.equal(mail.parsed.headers.get('content-language'), 'de');
    });

    test('an expired link is refused; a new registration then replaces the unconfirmed one', async () => {
      const serial = serials[5];
      assert.equal((await register(serial, { email: 'alt@example.com' })).statusCode, 201);
      const [mail] = await mailsAfter(1);
      await t.db
        .updateTable('registrations')
        .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('serial', '=', serial)
        .execute();
      assertCustomerError(
        await confirm(tokenOf(String(mail.parsed.text))!),
        404,
        customerMessages.registrationLinkExpired,
      );
      const again = await register(serial, { email: 'neu@example.com' });
      assert.equal(again.statusCode, 201, again.body);
      assert.deepEqual(
        (await stored(serial)).map((row) => [row.email, row.status]),
        [['neu@example.com', 'active']],
      );
      await mailsAfter(1);
    });

    test('a second registration is refused without naming the first owner, and goes to staff as a conflict', async () => {
      const serial = serials[0];
      const before = smtp.mails.length;
      const second = await register(serial, { owner: 'Zweiter Besitzer', email: 'zweiter@example.com' });
      assertCustomerError(second, 409, customerMessages.registrationTaken);
      assert.ok(!second.body.includes('erika') && !second.body.includes('Schreinerei'), second.body);
      const rows = await list(serial);
      assert.deepEqual(
        rows.map((row) => [row.status, row.email]),
        [
          ['conflict', 'zweiter@example.com'],
          ['active', 'erika@example.com'],
        ],
      );
      // No confirmation mail for a conflict: staff settle it with both owners.
      await t.runJobs();
      assert.equal(smtp.mails.length, before);
    });

    test('failed, awaiting, withdrawn and unknown serials cannot be registered, all with the same answer', async () => {
      for (const serial of [serials[2], serials[3], serials[4], 'RG-UNBEKANNT-1', '<script>'])
        assertCustomerError(await register(serial), 404, customerMessages.registrationUnitUnknown);
      for (const serial of [serials[2], serials[3], serials[4]]) assert.deepEqual(await stored(serial), []);
      // Nor does the resolver offer the withdrawn unit's registration.
      const gtin = '04006381333931';
      const withdrawn = await t.app.inject(`/01/${gtin}/21/${serials[4]}?linkType=gs1:registerProduct`);
      assert.equal(withdrawn.statusCode, 404);
    });

    test('a filled-in honeypot is answered like a registration and stores and mails nothing', async () => {
      const before = smtp.mails.length;
      const response = await register(serials[6], { website: 'https://spam.example' });
      assert.equal(response.statusCode, 201);
      assert.deepEqual(response.json(), { mailed: true });
      assert.deepEqual(await stored(serials[6]), []);
      await t.runJobs();
      assert.equal(smtp.mails.length, before);
    });

    test('missing, wrong, oversized and hostile fields are refused in English and German, never 500', async () => {
      const serial = serials[6];
      const today = berlinIsoDate(new Date());
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const cases: [Partial<RegistrationBody>, string, string][] = [
        [{ owner: '  ' }, 'owner', customerMessages.registrationOwner],
        [{ owner: 'x'.repeat(201) }, 'owner', customerMessages.registrationOwner],
        [{ email: 'keine-adresse' }, 'email', customerMessages.paperRequestEmail],
        [{ email: 'a,b@example.com' }, 'email', customerMessages.paperRequestEmail],
        [{ email: '"x"@example.com' }, 'email', customerMessages.paperRequestEmail],
        [{ email: `${'x'.repeat(250)}@example.com` }, 'email', customerMessages.paperRequestEmail],
        [{ country: 'Deutschland' }, 'country', customerMessages.registrationCountry],
        [{ country: '<b' }, 'country', customerMessages.registrationCountry],
        [{ purchased_on: tomorrow }, 'purchased_on', customerMessages.registrationPurchasedOn],
        [{ purchased_on: '2026-02-30' }, 'purchased_on', customerMessages.registrationPurchasedOn],
        [{ purchased_on: 'gestern' }, 'purchased_on', customerMessages.registrationPurchasedOn],
        [{ dealer: 'y'.repeat(201) }, 'dealer', customerMessages.registrationDealer],
        [{ consent: false }, 'consent', customerMessages.registrationConsent],
        [{ consent_version: '2020-01' }, 'consent', customerMessages.registrationConsentVersion],
      ];
      for (const [fields, field, message] of cases) {
        const response = await register(serial, fields);
        assert.equal(response.statusCode, 400, `${JSON.stringify(fields)}: ${response.body}`);
        assert.equal(response.json().error.fields[field], message, JSON.stringify(fields));
        assert.equal(response.json().error.message, customerMessages.paperRequestInvalid);
      }
      // Header injection through the address or a one-line field: refused before anything is stored.
      for (const fields of [
        { email: 'erika@example.com\r\nBcc: alle@evil.example' },
        { owner: 'Erika\r\nBcc: alle@evil.example' },
        { dealer: 'Meier\nSubject: Gewonnen' },
      ]) {
        const response = await register(serial, fields);
        assert.equal(response.statusCode, 400, `${JSON.stringify(fields)}: ${response.body}`);
      }
      // Missing fields, wrong types, a huge body, no body.
      for (const payload of [
        {},
        { ...body(), owner: undefined },
        { ...body(), consent: 'ja' },
        { ...body(), language: 'fr' },
        { ...body(), owner: 'x'.repeat(2_000_000) },
        'kein json',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.unitRegistration(serial)),
          payload: payload as object,
          remoteAddress: nextAddress(),
        });
        assert.ok(
          [400, 413, 415].includes(response.statusCode),
          `${response.statusCode} ${response.body.slice(0, 200)}`,
        );
        assert.match(response.json().error.message, /\S/);
      }
      assert.equal((await stored(serial)).length, 0);
    });

    test('HTML and script in every field are stored as text and escaped in the mail', async () => {
      const serial = serials[7];
      const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
      const response = await register(serial, { owner: `${hostile} & Co`, dealer: hostile });
      assert.equal(response.statusCode, 201, response.body);
      const [row] = await list(serial);
      assert.equal(row.owner, `${hostile} & Co`);
      assert.equal(row.dealer, hostile);
      const [mail] = await mailsAfter(1);
      const html = String(mail.parsed.html);
      assert.ok(!html.includes('<script') && !html.includes('<img'), html);
      assert.ok(
        html.includes('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; Co'),
        html,
      );
      // The plain text is text: it shows what was typed.
      assert.ok(String(mail.parsed.text).includes(`${hostile} & Co`));
    });

    test('limits per address and per serial are kept in the database: another instance refuses alike', async () => {
      const address = '192.0.2.7';
      const other = await buildApp({
        config: t.config,
        database: t.testDb.database,
        passwordCost: TEST_COST,
      });
      try {
        for (let k = 0; k < REGISTRATION_LIMITS.address.limit; k += 1) {
          const app = k % 2 ? other : t.app;
          const response = await app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.unitRegistration(`RG-UNBEKANNT-${k}`)),
            payload: body(),
            remoteAddress: address,
          });
          assert.equal(response.statusCode, 404, `attempt ${k + 1}: ${response.body}`);
        }
        for (const app of [t.app, other]) {
          const refused = await app.inject({
            method: 'POST',
            url: apiUrl(apiPaths.unitRegistration(serials[8])),
            payload: body(),
            remoteAddress: address,
          });
          assertCustomerError(refused, 429, customerMessages.registrationTooMany);
          assert.ok(Number(refused.headers['retry-after']) > 0);
        }
        // Another address is not held up by this one.
        assert.equal((await register(serials[8])).statusCode, 201);
        await mailsAfter(1);

        // Per serial, from ever new addresses: the serial's limit (one registration, then conflicts) holds.
        const serial = serials[9];
        for (let k = 0; k < REGISTRATION_LIMITS.serial.limit; k += 1)
          assert.ok([201, 409].includes((await register(serial)).statusCode));
        assertCustomerError(await register(serial), 429, customerMessages.registrationTooMany);
        const otherInstance = await other.inject({
          method: 'POST',
          url: apiUrl(apiPaths.unitRegistration(serial)),
          payload: body(),
          remoteAddress: nextAddress(),
        });
        assert.equal(otherInstance.statusCode, 429);
        await t.runJobs();
      } finally {
        await other.close();
      }
    });

    test('the exports of the certificate list carry no owner’s data', async () => {
      // The same rows go into CSV and XLSX (api/src/modules/certificates/certificate-export.ts): CSV is read here.
      for (const rows of ['certificates', 'units']) {
        const file = await exportedFile(t, { format: 'csv', rows, machine_id: machineId });
        assert.equal(file.statusCode, 200, file.body.slice(0, 200));
        if (rows === 'units') assert.ok(file.body.includes(serials[0]), file.body.slice(0, 500));
        assert.ok(!/erika@example\.com|Schreinerei|Werkzeug Meier/.test(file.body), rows);
      }
    });

    test('guessed confirmation tokens and registered serials reveal nothing', async () => {
      for (const token of ['', 'x', crypto.randomBytes(32).toString('base64url'), "' or 1=1 --"])
        assertCustomerError(await confirm(token), 404, customerMessages.registrationLinkInvalid);
      const oversized = await confirm('x'.repeat(101));
      assert.equal(oversized.statusCode, 400);
      // The customer page of a registered unit says nothing of its owner.
      const page = await t.app.inject(apiUrl(`${apiPaths.landing(machineId)}?serial=${serials[0]}`));
      assert.equal(page.statusCode, 200);
      assert.ok(!/erika|Schreinerei|Muster GmbH/i.test(page.body), page.body);
      // A second registration of any registered unit reads the same, whoever registered it.
      const answers = new Set<string>();
      for (const serial of [serials[0], serials[1]]) {
        const response = await register(serial, { email: 'neugierig@example.com' });
        assert.equal(response.statusCode, 409);
        answers.add(response.body);
      }
      assert.equal(answers.size, 1);
    });

    test('owners are seen by quality and administrators only; deletion on request is audited without the owner', async () => {
      const reader = await t.login(READER.email, READER.password);
      const refused = await t.app.inject({ url: apiUrl(apiPaths.registrations()), headers: auth(reader) });
      assert.equal(refused.statusCode, 403);
      const serial = serials[10];
      assert.equal(
        (await register(serial, { owner: 'Lösch Mich', email: 'loesch@example.com' })).statusCode,
        201,
      );
      const [row] = await list(serial);
      // Deleted before its confirmation mail went out: nothing is mailed any more.
      const before = smtp.mails.length;
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: apiUrl(apiPaths.registration(row.id)),
        headers: auth(quality),
        payload: { reason: 'Antrag des Besitzers per Brief vom 28.11.2026' },
      });
      assert.equal(deleted.statusCode, 204, deleted.body);
      await t.runJobs();
      assert.equal(smtp.mails.length, before);
      assert.deepEqual(await list(serial), []);
      const again = await t.app.inject({
        method: 'DELETE',
        url: apiUrl(apiPaths.registration(row.id)),
        headers: auth(quality),
        payload: { reason: 'noch einmal' },
      });
      assert.equal(again.statusCode, 404);
      assert.equal(
        (
          await t.app.inject({
            method: 'DELETE',
            url: apiUrl(apiPaths.registration(row.id)),
            headers: auth(quality),
            payload: { reason: '' },
          })
        ).statusCode,
        400,
      );
      // The unit's history keeps that it was registered and deleted, never by whom.
      const events = await t.app.inject({ url: apiUrl(apiPaths.unitEvents(serial)), headers: auth(t.token) });
      assert.equal(events.statusCode, 200, events.body);
      const actions = (events.json().data as { action: string }[]).map((event) => event.action);
      assert.deepEqual(actions.slice(0, 2), ['registration.deleted', 'unit.registered']);
      assert.ok(!/loesch|Lösch/i.test(events.body), events.body);
    });

    test('deleting a confirmed registration forgets the recipient of its mails', async () => {
      const [row] = (await list(serials[1])).filter((registration) => registration.status === 'active');
      const response = await t.app.inject({
        method: 'DELETE',
        url: apiUrl(apiPaths.registration(row.id)),
        headers: auth(t.token),
        payload: { reason: 'Auf Wunsch' },
      });
      assert.equal(response.statusCode, 204);
      const sends = await t.db
        .selectFrom('mail_sends')
        .selectAll()
        .where('subject', '=', `registration:${row.id}:confirmation`)
        .execute();
      assert.ok(sends.length > 0);
      assert.ok(sends.every((send) => send.recipient === ''));
    });

    test('the housekeeping job deletes what is past its retention and keeps the rest', async () => {
      const serial = serials[11];
      assert.equal((await register(serial, { email: 'alt@example.com' })).statusCode, 201);
      await mailsAfter(1);
      const now = new Date();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
      // An unconfirmed link that ran out 8 days ago goes; one that ran out 6 days ago stays.
      await t.db
        .updateTable('registrations')
        .set({ token_expires_at: daysAgo(8) })
        .where('serial', '=', serial)
        .execute();
      const conflictOld = await register(serials[0], { email: 'konflikt@example.com' });
      assert.equal(conflictOld.statusCode, 409);
      await t.db
        .updateTable('registrations')
        .set({ created_at: daysAgo(91) })
        .where('email', '=', 'konflikt@example.com')
        .execute();
      await t.db
        .updateTable('registrations')
        .set({ created_at: daysAgo(365 * 10 + 3) })
        .where('serial', '=', serials[7])
        .execute();
      const keptBefore = await list();
      await tidying(t.repositories, t.config)(now);
      const kept = await list();
      const gone = keptBefore.filter((row) => !kept.some((left) => left.id === row.id));
      assert.deepEqual(gone.map((row) => row.serial).sort(), [serial, serials[0], serials[7]].sort());
      assert.ok(kept.some((row) => row.serial === serials[0] && row.status === 'active'));
      const events = await t.app.inject({ url: apiUrl(apiPaths.unitEvents(serial)), headers: auth(t.token) });
      assert.deepEqual(
        (events.json().data as { action: string; details: object }[])
          .filter((event) => event.action === 'registration.deleted')
          .map((event) => event.details),
        [{ reason: 'retention' }],
      );
    });
  });

  describe(`registrations without mail on ${kind}`, () => {
    let t: TestApp;
    let serial: string;
    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'OM' });
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 1),
      });
      serial = (response.json()[0] as PrintData).serials[0];
      await t.db
        .updateTable('certificate_units')
        .set({ release: 'released' })
        .where('serial', '=', serial)
        .execute();
      await t.runJobs();
    });
    after(() => t.close());

    test('without SMTP_URL the registration is stored, nothing is queued, and the answer says no mail is sent', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unitRegistration(serial)),
        payload: body(),
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(response.json(), { mailed: false });
      const rows = await t.db.selectFrom('registrations').selectAll().execute();
      assert.deepEqual(
        rows.map((row) => [row.serial, row.status, row.confirm_origin, row.token_hash]),
        [[serial, 'active', null, null]],
      );
      assert.equal(
        (await t.db.selectFrom('jobs').select('id').where('kind', '=', 'send-mail').execute()).length,
        0,
      );
    });
  });
}
