import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  CONSENT_TEXTS,
  CONSENT_VERSION,
  apiPaths,
  type AffectedList,
  type Notice,
  type NoticeBody,
  type NoticeList,
  type PrintData,
} from 'contracts';
import { customerMessages } from '../../messages.de';
import {
  TEST_COST,
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { noticeMails } from './notice-mails';

const WEB_BASE = 'https://pruefbericht.bds.example';
const FROM = 'pruefbericht@bds.example';
const QUALITY = { email: 'qualitaet@example.com', password: 'qualitaets-Passwort-1' };
const READER = { email: 'lesen@example.com', password: 'lese-Passwort-1' };
const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';
/** What the API queues, called again as a repeated publish or confirmation would. */
const queued = noticeMails({ mailing: true, companyName: 'BDS' });

/** The token of a mailed unsubscribe link. */
const unsubscribeToken = (text: string) => /#unsubscribe=([A-Za-z0-9_-]+)/.exec(text)?.[1];
/** A message's header lines unfolded (RFC 5322 §2.2.3): a long header is folded onto the next line. */
const unfolded = (raw: string) => raw.replace(/\r\n(?=[ \t])/g, '');
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.2.${addresses >> 8}.${addresses & 255}`;
};

/** Who registered a unit, as the test needs it. */
interface Owner {
  email: string;
  language: 'en' | 'de';
  confirmed?: boolean;
  name?: string;
}

/** An owner's registration of `serial`, as the registration and its confirmation store it. */
async function insertOwner(t: TestApp, serial: string, owner: Owner) {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('registrations')
    .values({
      serial,
      status: 'active',
      owner: owner.name ?? 'Schreinerei Muster GmbH',
      email: owner.email,
      country: 'DE',
      purchased_on: '2026-11-02',
      dealer: null,
      language: owner.language,
      consent_version: CONSENT_VERSION,
      consent_text: CONSENT_TEXTS[CONSENT_VERSION][owner.language],
      confirm_origin: WEB_BASE,
      token_hash: null,
      token_expires_at: owner.confirmed === false ? new Date(Date.now() + 3_600_000).toISOString() : null,
      confirmed_at: owner.confirmed === false ? null : now,
      created_at: now,
      unsubscribed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

for (const kind of kinds) {
  describe(`safety notices mailed to registered owners on ${kind}`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let machineId: number;
    let serials: string[];
    let quality: string;
    let reader: string;

    const call = (method: 'GET' | 'POST', path: string, payload?: object, token = quality) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    /** A notice for the units `from` to `to` of the test's certificate. */
    const publish = async (from: number, to: number, change: Partial<NoticeBody> = {}) => {
      const response = await call('POST', apiPaths.notices(), {
        machine_id: machineId,
        severity: 'recall',
        title_de: 'Rückruf: Schalter',
        title_en: 'Recall: switch',
        text_de: 'Bitte nicht mehr benutzen.',
        text_en: 'Please stop using it.',
        serial_from: serials[from],
        serial_to: serials[to],
        ...change,
      } satisfies NoticeBody);
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as Notice;
    };
    const affected = async (id: number, token = quality) => {
      const response = await call('GET', `${apiPaths.noticeAffected(id)}?per_page=100`, undefined, token);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as AffectedList;
    };
    const addOwner = (serial: string, owner: Owner) => insertOwner(t, serial, owner);
    /** Runs the queued jobs and answers the mails that arrived meanwhile. */
    const mailsAfter = async (count: number) => {
      const before = smtp.mails.length;
      await t.runJobs();
      const mails = (await smtp.received(before + count)).slice(before);
      assert.equal(smtp.mails.length, before + count);
      return mails;
    };
    const unsubscribe = (token: string, form = true) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unsubscribe()),
        query: { token },
        remoteAddress: nextAddress(),
        ...(form && {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
      });

    before(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(kind, { mail: { url: smtp.url, from: FROM }, webBase: WEB_BASE });
      await t.repositories.users.add({ ...QUALITY, roles: ['freigabe'] }, TEST_COST);
      await t.repositories.users.add({ ...READER, roles: ['lesen'] }, TEST_COST);
      quality = await t.login(QUALITY.email, QUALITY.password);
      reader = await t.login(READER.email, READER.password);
      const { brand, machine } = await seedMachine(t.repositories, { brand: 'Hinweismarke', prefix: 'HM' });
      machineId = machine.id;
      const response = await call(
        'POST',
        apiPaths.certificateCreate(),
        certificateBody(brand.id, machine.id, 20),
        t.token,
      );
      assert.equal(response.statusCode, 200, response.body);
      serials = (response.json()[0] as PrintData).serials;
      await t.db.updateTable('certificate_units').set({ release: 'released' }).execute();
      await t.runJobs();
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    test('publishing mails the confirmed owners in their language, once; the list says who is registered and mailed, never who', async () => {
      const german = await addOwner(serials[0], { email: 'erika@example.com', language: 'de' });
      await addOwner(serials[1], { email: 'john@example.com', language: 'en' });
      await addOwner(serials[2], { email: 'unbestaetigt@example.com', language: 'de', confirmed: false });
      const notice = await publish(0, 3);
      // Queued in the publishing transaction: one job per confirmed owner.
      const jobs = await t.db.selectFrom('jobs').select('subject').where('kind', '=', 'send-mail').execute();
      assert.ok(jobs.some((job) => job.subject === `registration:${german}:notice:${notice.id}`));
      const mails = await mailsAfter(2);
      const to = (address: string) => mails.find((mail) => mail.envelope.to[0] === address)!;
      const de = to('erika@example.com');
      assert.equal(de.parsed.subject, `Rückruf: Rückruf: Schalter (${serials[0]})`);
      assert.equal(de.parsed.headers.get('content-language'), 'de');
      const text = String(de.parsed.text);
      assert.match(text, /^Guten Tag Schreinerei Muster GmbH,/);
      assert.ok(text.includes(`Seriennummer ${serials[0]}`), text);
      assert.ok(text.includes('Bitte nicht mehr benutzen.'), text);
      assert.ok(text.includes(`${WEB_BASE}/landing/${machineId}/${serials[0]}`), text);
      assert.ok(String(de.parsed.html).includes(`<a href="${WEB_BASE}/landing/${machineId}/${serials[0]}"`));
      // A recall is required: no unsubscribe.
      assert.equal(de.parsed.headers.get('list-unsubscribe'), undefined);
      assert.ok(!text.includes('#unsubscribe='), text);
      const en = to('john@example.com');
      assert.equal(en.parsed.subject, `Recall: Recall: switch (${serials[1]})`);
      assert.ok(String(en.parsed.text).includes('Please stop using it.'));
      assert.ok(!smtp.mails.some((mail) => mail.envelope.to[0] === 'unbestaetigt@example.com'));

      const list = await affected(notice.id, reader);
      assert.deepEqual(
        list.data.map((unit) => [unit.serial, unit.registered, unit.mailed]),
        [
          [serials[0], true, true],
          [serials[1], true, true],
          [serials[2], true, false],
          [serials[3], false, false],
        ],
      );
      assert.deepEqual([list.total, list.registered, list.mailed], [4, 3, 2]);
      assert.equal((await call('GET', apiPaths.notices(), undefined, reader)).json().mailing, true);
      const file = await call(
        'GET',
        `${apiPaths.noticeAffectedExport(notice.id)}?format=csv`,
        undefined,
        reader,
      );
      assert.equal(file.statusCode, 200);
      assert.match(file.body, /Registriert;Benachrichtigt/);
      assert.ok(!/erika|john|Schreinerei/.test(file.body + JSON.stringify(list)), file.body);

      // The job run again (a worker that crashed after sending) and the mail queued again send nothing more.
      await t.db
        .updateTable('jobs')
        .set({ state: 'queued', run_after: new Date(0).toISOString() })
        .where('kind', '=', 'send-mail')
        .execute();
      await t.runJobs();
      await t.repositories.inTransaction((trx) => queued.queuePublished(trx, notice));
      await t.runJobs();
      assert.equal(smtp.mails.filter((mail) => mail.envelope.to[0] === 'erika@example.com').length, 1);
      const sends = await t.db
        .selectFrom('mail_sends')
        .select('state')
        .where('subject', '=', `registration:${german}:notice:${notice.id}`)
        .execute();
      assert.deepEqual(
        sends.map((send) => send.state),
        ['sent'],
      );
    });

    test('a refused send is retried and sent once', async () => {
      await addOwner(serials[4], { email: 'geduld@example.com', language: 'de' });
      smtp.refuse = true;
      const notice = await publish(4, 4, { severity: 'safety_notice' });
      await t.runJobs();
      smtp.refuse = false;
      await t.db
        .updateTable('jobs')
        .set({ run_after: new Date(0).toISOString() })
        .where('state', '=', 'queued')
        .execute();
      const [mail] = await mailsAfter(1);
      assert.equal(mail.parsed.subject, `Sicherheitshinweis: Rückruf: Schalter (${serials[4]})`);
      assert.equal((await affected(notice.id)).mailed, 1);
    });

    test('hostile notice texts are escaped in the HTML part; a line break never reaches a header', async () => {
      await addOwner(serials[5], { email: 'html@example.com', language: 'en', name: '<b>Owner</b>' });
      await publish(5, 5, { title_en: `Switch ${HOSTILE}`, text_en: `Text ${HOSTILE}\n& more` });
      const [mail] = await mailsAfter(1);
      const html = String(mail.parsed.html);
      assert.ok(!html.includes('<script') && !html.includes('<img') && !html.includes('<b>'), html);
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), html);
      assert.ok(html.includes('&lt;b&gt;Owner&lt;/b&gt;'), html);
      assert.ok(String(mail.parsed.text).includes(HOSTILE));
      assert.equal(mail.parsed.subject, `Recall: Switch ${HOSTILE} (${serials[5]})`);
      const injected = await call('POST', apiPaths.notices(), {
        machine_id: machineId,
        severity: 'recall',
        title_de: 'Rückruf\r\nBcc: alle@example.com',
        title_en: 'Recall',
        text_de: 'Text',
        text_en: 'Text',
        serial_from: serials[5],
        serial_to: serials[5],
      });
      assert.equal(injected.statusCode, 400, injected.body);
    });

    test('an information notice carries a one-click unsubscribe; unsubscribed owners still get recalls', async () => {
      const id = await addOwner(serials[6], { email: 'info@example.com', language: 'de' });
      await publish(6, 6, { severity: 'information', title_de: 'Neues Zubehör', text_de: 'Ein Adapter.' });
      const [mail] = await mailsAfter(1);
      assert.equal(mail.parsed.subject, `Information: Neues Zubehör (${serials[6]})`);
      const token = unsubscribeToken(String(mail.parsed.text))!;
      assert.ok(token, String(mail.parsed.text));
      assert.ok(
        String(mail.parsed.text).includes(
          `${WEB_BASE}/landing/${machineId}/${serials[6]}#unsubscribe=${token}`,
        ),
      );
      assert.match(
        unfolded(mail.raw),
        new RegExp(`List-Unsubscribe: <${WEB_BASE}/api/public/unsubscribe\\?token=${token}>`),
      );
      assert.match(unfolded(mail.raw), /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      // Only the token's hash is stored; the jobs never held it.
      const [stored] = await t.db
        .selectFrom('unsubscribe_tokens')
        .selectAll()
        .where('registration_id', '=', id)
        .execute();
      assert.equal(stored.token_hash, sha256(token));
      const jobs = await t.db.selectFrom('jobs').select('payload').execute();
      assert.ok(!jobs.some((job) => job.payload.includes(token)));

      // The mail program's one-click POST, then the owner's own click on the page (JSON, no body): both 204.
      const first = await unsubscribe(token);
      assert.equal(first.statusCode, 204, first.body);
      const [row] = await t.db
        .selectFrom('registrations')
        .select('unsubscribed_at')
        .where('id', '=', id)
        .execute();
      assert.ok(row.unsubscribed_at);
      // The quality department sees it with the owner (the registrations list).
      const owners = await call('GET', `${apiPaths.registrations()}?serial=${serials[6]}`);
      assert.equal(owners.json().data[0].unsubscribed_at, row.unsubscribed_at);
      const replayed = await unsubscribe(token, false);
      assert.equal(replayed.statusCode, 204, replayed.body);
      const [again] = await t.db
        .selectFrom('registrations')
        .select('unsubscribed_at')
        .where('id', '=', id)
        .execute();
      assert.equal(again.unsubscribed_at, row.unsubscribed_at);

      // A mail program that opens the List-Unsubscribe address in a browser (a GET) gets the unit's page that asks.
      const opened = await t.app.inject({
        url: apiUrl(apiPaths.unsubscribe()),
        query: { token },
        remoteAddress: nextAddress(),
      });
      assert.equal(opened.statusCode, 303, opened.body);
      assert.equal(
        opened.headers.location,
        `${WEB_BASE}/landing/${machineId}/${serials[6]}#unsubscribe=${token}`,
      );
      const unknown = await t.app.inject({
        url: apiUrl(apiPaths.unsubscribe()),
        query: { token: 'falsch' },
        remoteAddress: nextAddress(),
      });
      assert.equal(unknown.statusCode, 404);

      // No more information, but a recall still reaches the owner.
      const info = await publish(6, 6, { severity: 'information', title_de: 'Noch mehr Zubehör' });
      await t.runJobs();
      assert.equal((await affected(info.id)).mailed, 0);
      await publish(6, 6, { severity: 'recall', title_de: 'Rückruf trotz Abmeldung' });
      const [recall] = await mailsAfter(1);
      assert.equal(recall.parsed.subject, `Rückruf: Rückruf trotz Abmeldung (${serials[6]})`);
    });

    test('unsubscribe links never expire; wrong, oversized and missing tokens are refused without a hint', async () => {
      const id = await addOwner(serials[7], { email: 'alt@example.com', language: 'en' });
      await publish(7, 7, { severity: 'information' });
      const [mail] = await mailsAfter(1);
      const token = unsubscribeToken(String(mail.parsed.text))!;
      // A link from years ago still works: an owner must be able to leave whenever.
      await t.db
        .updateTable('unsubscribe_tokens')
        .set({ created_at: '2020-01-01T00:00:00.000Z' })
        .where('registration_id', '=', id)
        .execute();
      assert.equal((await unsubscribe(token)).statusCode, 204);

      const wrong = await unsubscribe(crypto.randomBytes(32).toString('base64url'));
      assert.equal(wrong.statusCode, 404);
      assert.equal(wrong.json().error.message, customerMessages.unsubscribeLinkInvalid);
      // The token with one character changed is as unknown as any other.
      const changed = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      assert.equal(
        (await unsubscribe(changed)).json().error.message,
        customerMessages.unsubscribeLinkInvalid,
      );
      assert.equal((await unsubscribe('x'.repeat(101))).statusCode, 400);
      const missing = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unsubscribe()),
        remoteAddress: nextAddress(),
      });
      assert.equal(missing.statusCode, 400);
      const json = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unsubscribe()),
        query: { token: 'x' },
        payload: { token },
        remoteAddress: nextAddress(),
      });
      assert.equal(json.statusCode, 404);
      // A registration deleted on request takes its links with it.
      await t.db.deleteFrom('registrations').where('id', '=', id).execute();
      assert.equal((await unsubscribe(token)).statusCode, 404);
    });

    test('too many unsubscribe attempts from one address are refused', async () => {
      const address = '10.9.9.9';
      const statuses: number[] = [];
      for (let k = 0; k < 31; k += 1)
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: apiUrl(apiPaths.unsubscribe()),
              query: { token: `falsch${k}` },
              remoteAddress: address,
            })
          ).statusCode,
        );
      assert.deepEqual(new Set(statuses.slice(0, 30)), new Set([404]));
      assert.equal(statuses[30], 429);
    });

    test('a unit registered while a notice is open is mailed when its owner confirms', async () => {
      const notice = await publish(8, 9, { severity: 'recall', title_en: 'Later recall' });
      await t.runJobs();
      const registered = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.unitRegistration(serials[8])),
        remoteAddress: nextAddress(),
        payload: {
          owner: 'Late Owner',
          email: 'spaet@example.com',
          country: 'GB',
          purchased_on: '2026-11-02',
          language: 'en',
          consent: true,
          consent_version: CONSENT_VERSION,
        },
      });
      assert.equal(registered.statusCode, 201, registered.body);
      const [confirmation] = await mailsAfter(1);
      const token = /#confirm=([A-Za-z0-9_-]+)/.exec(String(confirmation.parsed.text))![1];
      const confirmed = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.registrationConfirm()),
        payload: { token },
        remoteAddress: nextAddress(),
      });
      assert.equal(confirmed.statusCode, 204, confirmed.body);
      const [mail] = await mailsAfter(1);
      assert.deepEqual(mail.envelope.to, ['spaet@example.com']);
      assert.equal(mail.parsed.subject, `Recall: Later recall (${serials[8]})`);
      assert.deepEqual(
        (await affected(notice.id)).data.map((unit) => [unit.serial, unit.registered, unit.mailed]),
        [
          [serials[8], true, true],
          [serials[9], false, false],
        ],
      );
      // A closed notice is not mailed to an owner who confirms later.
      assert.equal(
        (await call('POST', apiPaths.noticeClose(notice.id), { reason: 'Erledigt' })).statusCode,
        200,
      );
      const late = await addOwner(serials[9], {
        email: 'zu-spaet@example.com',
        language: 'en',
        confirmed: false,
      });
      await t.repositories.inTransaction((trx) =>
        queued.queueConfirmed(trx, { id: late, serial: serials[9] }),
      );
      await t.runJobs();
      assert.ok(!smtp.mails.some((sent) => sent.envelope.to[0] === 'zu-spaet@example.com'));
    });
  });

  describe(`safety notices without mail on ${kind}`, () => {
    test('without SMTP_URL publishing queues no mail, and the list says no mail goes out', async () => {
      const t = await createTestApp(kind);
      try {
        const { brand, machine } = await seedMachine(t.repositories, { brand: 'Ohne Post', prefix: 'OP' });
        const issued = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.certificateCreate()),
          headers: auth(t.token),
          payload: certificateBody(brand.id, machine.id, 2),
        });
        const [first] = issued.json() as PrintData[];
        await insertOwner(t, first.serials[0], { email: 'ohne@example.com', language: 'de' });
        const published = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.notices()),
          headers: auth(t.token),
          payload: {
            machine_id: machine.id,
            severity: 'recall',
            title_de: 'Rückruf',
            title_en: 'Recall',
            text_de: 'Text',
            text_en: 'Text',
            serial_from: first.serials[0],
            serial_to: first.serials[1],
          },
        });
        assert.equal(published.statusCode, 201, published.body);
        const mails = await t.db.selectFrom('jobs').select('id').where('kind', '=', 'send-mail').execute();
        assert.equal(mails.length, 0);
        const list = await t.app.inject({ url: apiUrl(apiPaths.notices()), headers: auth(t.token) });
        assert.equal((list.json() as NoticeList).mailing, false);
      } finally {
        await t.close();
      }
    });
  });
}
