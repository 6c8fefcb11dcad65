import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { apiPaths, type Landing, type Notice, type NoticeBody, type PrintData } from 'contracts';
import { sql } from 'kysely';
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

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';
/** seedMachine's EAN-13 4006381333931 as a GTIN-14. */
const GTIN = '04006381333931';

for (const kind of kinds) {
  describe(`safety notices on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    let otherMachineId: number;
    /** The serials of a certificate of four units, and of one more certificate moved back into January 2025. */
    let serials: string[];
    let oldSerials: string[];

    const call = (method: 'GET' | 'POST', path: string, payload?: object, token = t.token) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const body = (change: Partial<NoticeBody> = {}): NoticeBody => ({
      machine_id: machineId,
      severity: 'recall',
      title_de: 'Rückruf: Schalter',
      title_en: 'Recall: switch',
      text_de: 'Bitte nicht mehr benutzen.',
      text_en: 'Please stop using it.',
      serial_from: serials[1],
      serial_to: serials[2],
      ...change,
    });
    const publish = async (change: Partial<NoticeBody> = {}) => {
      const response = await call('POST', apiPaths.notices(), body(change));
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as Notice;
    };
    const close = (id: number, reason = 'Alle Einheiten nachgerüstet') =>
      call('POST', apiPaths.noticeClose(id), { reason });
    const landing = (serial: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: apiUrl(apiPaths.landing(machineId)), query: { serial }, headers });
    const issue = async (machine: number, crowd: number) => {
      const issued = await call(
        'POST',
        apiPaths.certificateCreate(),
        certificateBody(brandId, machine, crowd),
      );
      assert.equal(issued.statusCode, 200, issued.body);
      const [first] = issued.json() as PrintData[];
      return {
        id: first.id,
        serials: Array.from(
          { length: crowd },
          (_, k) => first.serialNoPart1 + String(first.recordsCount + k).padStart(3, '0'),
        ),
      };
    };
    const affectedSerials = async (id: number) => {
      const response = await call('GET', `${apiPaths.noticeAffected(id)}?per_page=100`);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data as { serial: string }[]).map((unit) => unit.serial);
    };
    /** Closes every open notice, so that each test starts from none. */
    const closeAll = async () => {
      for (const notice of (await call('GET', apiPaths.notices())).json().data as Notice[])
        if (!notice.closed_at) assert.equal((await close(notice.id)).statusCode, 200);
    };

    before(async () => {
      t = await createTestApp(kind);
      const seeded = await seedMachine(t.repositories, { prefix: 'SN' });
      brandId = seeded.brand.id;
      machineId = seeded.machine.id;
      otherMachineId = (await seedMachine(t.repositories, { prefix: 'SN', name: 'Andere Maschine' })).machine
        .id;
      const old = await issue(machineId, 2);
      oldSerials = old.serials;
      await t.db
        .updateTable('certificates')
        .set({ created_at: '2025-01-15T10:00:00.000Z' })
        .where('id', '=', old.id)
        .execute();
      serials = (await issue(machineId, 4)).serials;
    });
    after(() => t.close());
    afterEach(closeAll);

    test('publishing refuses bad input by field, in German, and never answers 500', async () => {
      const cases: [Partial<NoticeBody>, string, string][] = [
        [{ title_de: '   ' }, 'title_de', messages.fields.required],
        [{ title_en: '' }, 'title_en', messages.fields.required],
        [{ text_de: ' \n ' }, 'text_de', messages.fields.required],
        [{ text_en: '' }, 'text_en', messages.fields.required],
        [{ serial_to: undefined }, 'serial_to', messages.noticeRangeBoth],
        [{ serial_from: undefined }, 'serial_from', messages.noticeRangeBoth],
        [{ serial_from: serials[2], serial_to: serials[1] }, 'serial_to', messages.noticeRangeReversed],
        [{ serial_to: `${serials[2]}0` }, 'serial_to', messages.noticeRangeLength],
        [
          {
            serial_from: undefined,
            serial_to: undefined,
            issued_from: '2026-03-01',
            issued_to: '2026-02-01',
          },
          'issued_to',
          messages.noticePeriodReversed,
        ],
        [{ issued_from: '2026-02-30' }, 'issued_from', messages.dayInvalid],
        [{ serial_from: undefined, serial_to: undefined }, 'serial_from', messages.noticeScope],
        [{ machine_id: 999_999 }, 'machine_id', messages.fields.machineMissing],
      ];
      for (const [change, field, message] of cases) {
        const response = await call('POST', apiPaths.notices(), body(change));
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        assert.equal(response.json().error.message, 'Bitte prüfen Sie die markierten Felder.');
        assert.equal(response.json().error.fields[field], message, `${field}: ${response.body}`);
      }
      const oversized: object[] = [
        {},
        { ...body(), severity: 'panic' },
        { ...body(), title_de: 'x'.repeat(201) },
        { ...body(), text_en: 'x'.repeat(4001) },
        { ...body(), serial_from: 'S'.repeat(65), serial_to: 'S'.repeat(65) },
        { ...body(), title_en: 'Zeile\u0007' },
        { ...body(), machine_id: -1 },
        { ...body(), issued_to: '2026-1-1' },
      ];
      for (const payload of oversized) {
        const response = await call('POST', apiPaths.notices(), payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`);
        assert.equal(response.json().error.code, 'VALIDATION');
        assert.match(response.json().error.message, /^Bitte|ungültig/, response.body);
      }
      assert.equal((await call('GET', apiPaths.notices())).json().data.length, 0, 'nothing was stored');
    });

    test('a range covers exactly its issued units; the customer page of every other unit is unchanged', async () => {
      const before = await Promise.all([...serials, ...oldSerials].map((serial) => landing(serial)));
      const notice = await publish();
      assert.equal(notice.affected, 2);
      assert.equal(notice.published_by_name, 'staff@example.com');
      assert.deepEqual(await affectedSerials(notice.id), [serials[1], serials[2]]);

      for (const [index, serial] of [...serials, ...oldSerials].entries()) {
        const response = await landing(serial);
        assert.equal(response.statusCode, 200, response.body);
        const view = response.json() as Landing;
        if (serial === serials[1] || serial === serials[2]) {
          assert.equal(view.notices?.length, 1, serial);
          assert.deepEqual(Object.keys(view.notices![0]).sort(), [
            'published_on',
            'severity',
            'text',
            'title',
          ]);
          assert.deepEqual(view.notices![0].title, { de: 'Rückruf: Schalter', en: 'Recall: switch' });
        } else {
          // Not one byte differs for a unit the notice does not cover.
          assert.equal(response.body, before[index].body, serial);
          assert.equal(response.headers.etag, before[index].headers.etag, serial);
        }
      }
    });

    test('enumeration: a serial in the range that was never issued, or another machine’s, learns nothing', async () => {
      const prefix = serials[0].slice(0, -3);
      const notice = await publish({ serial_from: `${prefix}000`, serial_to: `${prefix}999` });
      assert.equal(notice.affected, serials.length + oldSerials.length);
      const other = await issue(otherMachineId, 1);
      for (const [machine, serial] of [
        [machineId, `${prefix}500`],
        [machineId, other.serials[0]],
        [otherMachineId, other.serials[0]],
        [otherMachineId, serials[0]],
      ] as const) {
        const response = await t.app.inject({ url: apiUrl(apiPaths.landing(machine)), query: { serial } });
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(response.json().notices, undefined, `${machine} ${serial}`);
        assert.doesNotMatch(response.body, /Recall|Rückruf/);
      }
    });

    test('an issue period covers the units issued on its days (Europe/Berlin)', async () => {
      const january = await publish({
        serial_from: undefined,
        serial_to: undefined,
        issued_from: '2025-01-01',
        issued_to: '2025-01-15',
      });
      assert.deepEqual(await affectedSerials(january.id), oldSerials);
      const since = await publish({
        serial_from: undefined,
        serial_to: undefined,
        issued_from: '2025-01-16',
      });
      assert.deepEqual(await affectedSerials(since.id), serials);
      // A range and a period together: only the units both cover.
      const both = await publish({ serial_from: serials[0], serial_to: serials[3], issued_to: '2025-01-31' });
      assert.equal(both.affected, 0);
      assert.equal((await landing(oldSerials[0])).json().notices.length, 1);
      assert.equal((await landing(serials[0])).json().notices.length, 1);
    });

    test('HTML in every field is stored and answered as text', async () => {
      const notice = await publish({
        severity: 'safety_notice',
        title_de: HOSTILE,
        title_en: HOSTILE,
        text_de: `${HOSTILE}\nZeile 2`,
        text_en: HOSTILE,
      });
      const stored = (await call('GET', apiPaths.notice(notice.id))).json() as Notice;
      assert.equal(stored.title_de, HOSTILE);
      assert.equal(stored.text_de, `${HOSTILE}\nZeile 2`);
      const response = await landing(serials[1]);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.deepEqual(response.json().notices[0].title, { de: HOSTILE, en: HOSTILE });
    });

    test('the customer page shows the gravest notice first, and its ETag changes on publish and close', async () => {
      const first = await landing(serials[1]);
      const etag = String(first.headers.etag);
      assert.equal((await landing(serials[1], { 'if-none-match': etag })).statusCode, 304);
      const information = await publish({ severity: 'information', title_en: 'Info', title_de: 'Info' });
      const published = await landing(serials[1], { 'if-none-match': etag });
      assert.equal(published.statusCode, 200, 'a cached answer without the notice is stale');
      const recall = await publish({ severity: 'recall' });
      const both = await landing(serials[1]);
      assert.deepEqual(
        (both.json() as Landing).notices!.map((notice) => notice.severity),
        ['recall', 'information'],
      );
      const etagWith = String(both.headers.etag);
      assert.notEqual(etagWith, etag);
      assert.equal((await close(recall.id)).statusCode, 200);
      assert.equal((await close(information.id)).statusCode, 200);
      const closed = await landing(serials[1], { 'if-none-match': etagWith });
      assert.equal(closed.statusCode, 200, 'a cached answer with the closed notice is stale');
      assert.equal(closed.json().notices, undefined);
      assert.equal(closed.body, first.body);
    });

    test('closing keeps the notice, its units and its history; twice is a conflict', async () => {
      const notice = await publish();
      for (const reason of ['', '   ']) assert.equal((await close(notice.id, reason)).statusCode, 400);
      assert.equal((await call('POST', apiPaths.noticeClose(notice.id), {})).statusCode, 400);
      assert.equal((await close(notice.id, 'x'.repeat(501))).statusCode, 400);
      const closed = await close(notice.id, `Nachgerüstet ${HOSTILE}`);
      assert.equal(closed.statusCode, 200, closed.body);
      const shown = closed.json() as Notice;
      assert.ok(shown.closed_at);
      assert.equal(shown.close_reason, `Nachgerüstet ${HOSTILE}`);
      assert.equal(shown.closed_by_name, 'staff@example.com');
      const again = await close(notice.id);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().error.message, 'Dieser Sicherheitshinweis ist schon geschlossen.');
      assert.deepEqual(await affectedSerials(notice.id), [serials[1], serials[2]]);
      const listed = (await call('GET', apiPaths.notices())).json().data as Notice[];
      assert.ok(listed.some((row) => row.id === notice.id && row.closed_at));
      const events = await t.db
        .selectFrom('audit_events')
        .select(['action', 'subject_type', 'subject_id', 'details'])
        .where('action', 'in', ['notice.published', 'notice.closed'])
        .orderBy('id')
        .execute();
      const mine = events.filter((event) => JSON.parse(event.details).notice_id === notice.id);
      assert.deepEqual(
        mine.map((event) => [event.action, event.subject_type, event.subject_id]),
        [
          ['notice.published', 'machine', String(machineId)],
          ['notice.closed', 'machine', String(machineId)],
        ],
      );
      assert.equal(JSON.parse(mine[0].details).affected, 2);
    });

    test('unknown notices are 404, bad paging 400', async () => {
      for (const path of [
        apiPaths.notice(999_999),
        apiPaths.noticeAffected(999_999),
        `${apiPaths.noticeAffectedExport(999_999)}?format=csv`,
      ]) {
        const response = await call('GET', path);
        assert.equal(response.statusCode, 404, `${path}: ${response.body}`);
        assert.equal(response.json().error.message, 'Diesen Sicherheitshinweis gibt es nicht.');
      }
      assert.equal((await close(999_999)).statusCode, 404);
      const notice = await publish();
      for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=x'])
        assert.equal((await call('GET', `${apiPaths.noticeAffected(notice.id)}?${query}`)).statusCode, 400);
      const second = await call('GET', `${apiPaths.noticeAffected(notice.id)}?per_page=1&page=2`);
      assert.deepEqual(second.json(), {
        data: [
          {
            serial: serials[2],
            certificate_id: second.json().data[0].certificate_id,
            tested_at: second.json().data[0].tested_at,
            release: 'released',
            voided: false,
            registered: false,
            mailed: false,
          },
        ],
        total: 2,
        registered: 0,
        mailed: 0,
      });
      assert.equal(
        (await call('GET', `${apiPaths.noticeAffectedExport(notice.id)}?format=pdf`)).statusCode,
        400,
      );
    });

    test('the affected units export as CSV and XLSX; a notice covering none has nothing to export', async () => {
      const notice = await publish();
      const csv = await call('GET', `${apiPaths.noticeAffectedExport(notice.id)}?format=csv`);
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-disposition']), /sicherheitshinweis-\d+-einheiten-.*\.csv/);
      const lines = csv.body.trim().split(/\r?\n/);
      assert.match(lines[0], /Seriennummer/);
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(';')[0].replace(/"/g, '')),
        [serials[1], serials[2]],
      );
      const xlsx = await call('GET', `${apiPaths.noticeAffectedExport(notice.id)}?format=xlsx`);
      assert.equal(xlsx.statusCode, 200);
      assert.equal(xlsx.rawPayload.subarray(0, 2).toString(), 'PK');
      const none = await publish({ serial_from: 'ZZ', serial_to: 'ZZ' });
      const empty = await call('GET', `${apiPaths.noticeAffectedExport(none.id)}?format=csv`);
      assert.equal(empty.statusCode, 404);
      assert.equal(empty.json().error.code, 'NOTHING_TO_EXPORT');
      const exported = await t.db
        .selectFrom('audit_events')
        .select('details')
        .where('action', '=', 'notice.exported')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        exported.map((event) => JSON.parse(event.details)),
        [
          { notice_id: notice.id, format: 'csv' },
          { notice_id: notice.id, format: 'xlsx' },
        ],
      );
    });

    test('the resolver answers gs1:recallStatus for a unit, covered or not, and nothing else', async () => {
      const notice = await publish();
      const status = (serial: string) =>
        t.app.inject({ url: `/01/${GTIN}/21/${serial}`, query: { linkType: 'gs1:recallStatus' } });
      const covered = await status(serials[1]);
      assert.equal(covered.statusCode, 200, covered.body);
      assert.match(String(covered.headers['content-type']), /^application\/json/);
      const answer = covered.json();
      assert.equal(answer.serial, serials[1]);
      assert.equal(answer.recalled, true);
      assert.deepEqual(answer.notices[0].title, { de: 'Rückruf: Schalter', en: 'Recall: switch' });
      assert.deepEqual(Object.keys(answer).sort(), ['notices', 'recalled', 'serial']);
      assert.deepEqual((await status(serials[0])).json(), {
        serial: serials[0],
        recalled: false,
        notices: [],
      });
      const prefix = serials[0].slice(0, -3);
      assert.equal((await status(`${prefix}500`)).statusCode, 404, 'a serial never issued is unknown');
      const machineLevel = await t.app.inject({
        url: `/01/${GTIN}`,
        query: { linkType: 'gs1:recallStatus' },
      });
      assert.equal(machineLevel.statusCode, 404);
      const linkset = await t.app.inject({
        url: `/01/${GTIN}/21/${serials[0]}`,
        query: { linkType: 'linkset' },
      });
      const links = JSON.parse(linkset.body).linkset[0]['https://gs1.org/voc/recallStatus'];
      assert.equal(links[0].href.endsWith(`/01/${GTIN}/21/${serials[0]}?linkType=gs1:recallStatus`), true);
      assert.equal((await close(notice.id)).statusCode, 200);
      assert.equal((await status(serials[1])).json().recalled, false);
    });

    test('only the quality role publishes and closes; every role reads', async () => {
      const reader = await t.repositories.users.add(
        { email: 'lesen@example.com', password: 'lesen-Passwort-1', roles: ['lesen'] },
        { N: 2 ** 10, r: 8, p: 1 },
      );
      assert.ok(reader);
      const token = await t.login('lesen@example.com', 'lesen-Passwort-1');
      assert.equal((await call('POST', apiPaths.notices(), body(), token)).statusCode, 403);
      assert.equal((await call('GET', apiPaths.notices(), undefined, token)).statusCode, 200);
      assert.equal((await call('GET', apiPaths.notices(), undefined, 'falsch')).statusCode, 401);
      const count = await sql<{
        n: number;
      }>`select count(*) as n from safety_notices where closed_at is null`.execute(t.db);
      assert.equal(Number(count.rows[0].n), 0);
    });
  });
}
