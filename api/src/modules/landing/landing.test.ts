import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, berlinIsoDate, type Landing, type PrintData } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { drawPng } from '../../db/demo-images';
import { messages } from '../../messages';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';

const PUBLIC_KEYS = ['brand_name', 'image', 'link_en', 'link_ger', 'name'];

function assertError(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  fields?: Record<string, string>,
) {
  assert.equal(response.statusCode, status, response.body);
  const { error } = response.json();
  assert.equal(error.message, message, response.body);
  if (fields) assert.deepEqual(error.fields, fields);
  assert.doesNotMatch(response.body, /stack|\.ts:\d+/);
}

for (const kind of kinds) {
  describe(`public landing on ${kind}`, () => {
    let t: TestApp;
    let machine: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let brand: Awaited<ReturnType<typeof seedMachine>>['brand'];
    let other: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let issued: PrintData;
    let otherIssued: PrintData;

    before(async () => {
      // The company's contact is set: the brand's is then never answered (the fallback is tested below).
      t = await createTestApp(kind, { companyEmail: 'service@firma.example' });
      const image = await t.repositories.uploads.store(
        drawPng(2, 2, () => [1, 2, 3]),
        { mime: 'image/png', ext: 'png' },
      );
      ({ brand, machine } = await seedMachine(t.repositories, {
        brand: 'Landemarke',
        name: 'Öl-Kühler',
        prefix: 'LA',
      }));
      machine = await t.services.machines.update(
        machine.id,
        { ...machine, electronic_circuit_board: 1, image },
        t.accountId,
      );
      ({ machine: other } = await seedMachine(t.repositories, {
        brand: 'Landemarke',
        name: 'Andere',
        prefix: 'LB',
      }));
      const certify = async (brandId: number, machineId: number, crowd: number) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/certificate',
          headers: auth(t.token),
          payload: { ...certificateBody(brandId, machineId, crowd), checked_by: 'Geheimer Prüfer' },
        });
        assert.equal(response.statusCode, 200, response.body);
        return response.json()[0] as PrintData;
      };
      issued = await certify(brand.id, machine.id, 3);
      otherIssued = await certify(brand.id, other.id, 1);
    });
    after(() => t.close());

    const landing = (path: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: `/api/brandMachineById/${path}`, headers });
    const publicFields = () => ({
      name: machine.name,
      image: machine.image,
      link_en: machine.link_en,
      link_ger: machine.link_ger,
      brand_name: brand.name,
    });

    test('without a serial: exactly the public fields of the machine', async () => {
      const response = await landing(String(machine.id));
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(Object.keys(response.json()).sort(), PUBLIC_KEYS);
      assert.deepEqual(response.json(), publicFields());
      assert.ok(machine.image.startsWith('uploads/'));
      assert.equal(response.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=600');
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
    });

    test('a repeat with the ETag it was given gets 304 without a body; a change of data a new ETag', async () => {
      const path = `${machine.id}?serial=${issued.serial_no}`;
      const first = await landing(path);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[^"]+"$/);
      const again = await landing(path, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers['cache-control'], first.headers['cache-control']);
      const otherSerial = await landing(`${machine.id}?serial=${issued.endSerialNo}`, {
        'if-none-match': etag,
      });
      assert.equal(otherSerial.statusCode, 200, 'another serial is another answer');
      assert.notEqual(otherSerial.headers.etag, etag);
      const stale = await landing(path, { 'if-none-match': '"veraltet"' });
      assert.equal(stale.statusCode, 200);
      assert.deepEqual(stale.json(), first.json());
      const missing = await landing('999999');
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.headers['cache-control'], 'no-store', 'a missing machine may appear later');
    });

    test('never shows who tested it, the EAN, the brand’s contact or any ids', async () => {
      const response = await landing(`${machine.id}?serial=${issued.serial_no}`);
      assert.equal(response.statusCode, 200);
      for (const secret of [
        'Geheimer Prüfer',
        machine.ean_number,
        brand.email,
        'checked_by',
        'created_by',
        'brand_id',
        'machine_id',
        'user',
      ])
        assert.ok(!response.body.includes(secret), `leaks ${secret}`);
    });

    test('every unit serial of a certificate for this machine is verified with the certificate’s date', async () => {
      const serials = [
        issued.serial_no,
        `${issued.serialNoPart1}${String(issued.recordsCount + 1).padStart(3, '0')}`,
        issued.endSerialNo,
      ];
      for (const serial of serials) {
        const response = await landing(`${machine.id}?serial=${serial}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(Object.keys(response.json()).sort(), [...PUBLIC_KEYS, 'serial'].sort());
        assert.deepEqual(response.json(), {
          ...publicFields(),
          serial: {
            value: serial,
            verified: true,
            tested_at: berlinIsoDate(new Date(issued.created_at)),
            withdrawn: false,
            release: 'released',
            certificate_pdf: apiPaths.unitCertificate(serial),
          },
        });
      }
    });

    test('a serial issued for another machine is not verified', async () => {
      const response = await landing(`${machine.id}?serial=${otherIssued.serial_no}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().serial, {
        value: otherIssued.serial_no,
        verified: false,
        tested_at: null,
        withdrawn: false,
      });
      const reverse = await landing(`${other.id}?serial=${issued.serial_no}`);
      assert.deepEqual(reverse.json().serial, {
        value: issued.serial_no,
        verified: false,
        tested_at: null,
        withdrawn: false,
      });
    });

    test('an unknown serial is not verified and has no date', async () => {
      const next = `${issued.serialNoPart1}${String(issued.recordsCount + 3).padStart(3, '0')}`;
      for (const serial of [
        'LA0000999',
        next,
        issued.serial_no.toLowerCase(),
        `${issued.serial_no}0`,
        'x'.repeat(64),
      ]) {
        const response = await landing(`${machine.id}?serial=${encodeURIComponent(serial)}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), {
          ...publicFields(),
          serial: { value: serial, verified: false, tested_at: null, withdrawn: false },
        });
      }
    });

    test('the serial is trimmed; an empty one is the same as none', async () => {
      const response = await landing(`${machine.id}?serial=${encodeURIComponent(`  ${issued.serial_no} `)}`);
      assert.deepEqual(response.json().serial, {
        value: issued.serial_no,
        verified: true,
        tested_at: berlinIsoDate(new Date(issued.created_at)),
        withdrawn: false,
        release: 'released',
        certificate_pdf: apiPaths.unitCertificate(issued.serial_no),
      });
      for (const empty of ['', '%20%20'])
        assert.deepEqual((await landing(`${machine.id}?serial=${empty}`)).json(), publicFields());
    });

    test('SQL and HTML in the serial are only text', async () => {
      for (const serial of [
        "' OR '1'='1",
        "'; DROP TABLE certificate_units; --",
        '<img src=x onerror=alert(1)>',
      ]) {
        const response = await landing(`${machine.id}?serial=${encodeURIComponent(serial)}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json().serial, {
          value: serial,
          verified: false,
          tested_at: null,
          withdrawn: false,
        });
      }
      assert.equal((await landing(`${machine.id}?serial=${issued.serial_no}`)).json().serial.verified, true);
    });

    test('an unknown machine is a German 404', async () => {
      assertError(await landing('999999'), 404, messages.machineNotFound);
      assertError(await landing(`999999?serial=${issued.serial_no}`), 404, messages.machineNotFound);
    });

    test('a bad id is a 400 naming the id', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1%27%20OR%201=1'])
        assertError(await landing(id), 400, messages.invalidQuery, { id: messages.fieldType });
    });

    test('Infinity as id is a 400, never a 5xx', async () => {
      for (const id of ['Infinity', '1e400'])
        assertError(await landing(id), 400, messages.invalidQuery, { id: messages.fieldType });
    });

    test('a serial over 64 characters, or given twice, is a 400 naming the serial', async () => {
      assertError(await landing(`${machine.id}?serial=${'1'.repeat(65)}`), 400, messages.invalidQuery, {
        serial: messages.fieldTooLong(64),
      });
      assertError(await landing(`${machine.id}?serial=${'1'.repeat(100_000)}`), 400, messages.invalidQuery, {
        serial: messages.fieldTooLong(64),
      });
      assertError(await landing(`${machine.id}?serial=a&serial=b`), 400, messages.invalidQuery, {
        serial: messages.fieldType,
      });
    });

    test('works without a token and ignores a garbage or foreign Authorization header', async () => {
      const expected = (await landing(`${machine.id}?serial=${issued.serial_no}`)).json();
      for (const headers of [
        { authorization: 'garbage' },
        { authorization: 'Bearer x'.repeat(1000) },
        { authorization: 'x'.repeat(43) },
        auth(t.token),
      ]) {
        const response = await landing(`${machine.id}?serial=${issued.serial_no}`, headers);
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), expected);
      }
    });
  });

  describe(`GS1 Digital Link (/brandMachineByGtin) on ${kind}`, () => {
    let t: TestApp;
    let ean13: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let sameEan: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let ean8: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let noEan: Awaited<ReturnType<typeof seedMachine>>['machine'];
    let sameEanIssued: PrintData;
    let ean8Issued: PrintData;
    let noEanIssued: PrintData;

    before(async () => {
      // The company's contact is set: the brand's is then never answered (the fallback is tested below).
      t = await createTestApp(kind, { companyEmail: 'service@firma.example' });
      const machineWithEan = async (prefix: string, ean: string) => {
        const { brand, machine } = await seedMachine(t.repositories, { brand: 'GS1-Marke', prefix });
        const changed = await t.services.machines.update(
          machine.id,
          { ...machine, electronic_circuit_board: 1, ean_number: ean },
          t.accountId,
        );
        return { brand, machine: changed };
      };
      const issue = async (brandId: number, machineId: number) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/certificate',
          headers: auth(t.token),
          payload: certificateBody(brandId, machineId, 2),
        });
        assert.equal(response.statusCode, 200, response.body);
        return response.json()[0] as PrintData;
      };
      const first = await machineWithEan('GA', '4006381333931');
      ean13 = first.machine;
      // A second machine with the same EAN (a successor model, a data-entry slip): its units still find it.
      sameEan = (await machineWithEan('GB', '4006381333931')).machine;
      ean8 = (await machineWithEan('GC', '96385074')).machine;
      noEan = (await machineWithEan('GD', '')).machine;
      await issue(first.brand.id, ean13.id);
      sameEanIssued = await issue(first.brand.id, sameEan.id);
      ean8Issued = await issue(first.brand.id, ean8.id);
      noEanIssued = await issue(first.brand.id, noEan.id);
    });
    after(() => t.close());

    const byGtin = (path: string) => t.app.inject({ url: `/api/brandMachineByGtin/${path}` });
    const byId = (path: string) => t.app.inject({ url: `/api/brandMachineById/${path}` });

    test('a GTIN-14 of the machine’s EAN-13 or EAN-8 gives exactly the customer page’s answer', async () => {
      for (const [gtin, machine, serial] of [
        ['04006381333931', sameEan, sameEanIssued.serial_no],
        ['04006381333931', sameEan, sameEanIssued.endSerialNo],
        ['00000096385074', ean8, ean8Issued.serial_no],
      ] as const) {
        const response = await byGtin(`${gtin}?serial=${serial}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), (await byId(`${machine.id}?serial=${serial}`)).json());
        assert.equal(response.json().serial.verified, true);
        assert.equal(response.json().name, machine.name);
        assert.equal(response.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=600');
      }
      // Without a serial (a product label): the machine itself, the oldest of those with that EAN.
      assert.deepEqual((await byGtin('04006381333931')).json(), (await byId(String(ean13.id))).json());
      assert.deepEqual((await byGtin('00000096385074')).json(), (await byId(String(ean8.id))).json());
    });

    test('a serial of another machine, or none issued, is shown and not confirmed', async () => {
      for (const serial of [ean8Issued.serial_no, noEanIssued.serial_no, 'GA0000999', "' OR '1'='1"]) {
        const response = await byGtin(`04006381333931?serial=${encodeURIComponent(serial)}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(response.json().name, ean13.name, serial);
        assert.deepEqual(response.json().serial, {
          value: serial,
          verified: false,
          tested_at: null,
          withdrawn: false,
        });
      }
    });

    test('a unit printed before its machine’s EAN was changed still finds its machine, confirmed', async () => {
      const { brand, machine } = await seedMachine(t.repositories, { brand: 'GS1-Marke', prefix: 'GE' });
      const before = await t.services.machines.update(
        machine.id,
        { ...machine, electronic_circuit_board: 1, ean_number: '5901234123457' },
        t.accountId,
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: auth(t.token),
        payload: certificateBody(brand.id, before.id, 1),
      });
      const printed = response.json()[0] as PrintData;
      await t.services.machines.update(
        machine.id,
        { ...before, electronic_circuit_board: 1, ean_number: '96385074' },
        t.accountId,
      );
      const old = (await byGtin(`05901234123457?serial=${printed.serial_no}`)).json();
      assert.equal(old.name, machine.name);
      assert.equal(old.serial.verified, true);
      // Without the unit's serial, the old EAN names no machine any more.
      assertError(await byGtin('05901234123457'), 404, messages.machineNotFound);
    });

    test('a wrong check digit or a GTIN no machine has is a German 404, never a 5xx', async () => {
      for (const gtin of ['04006381333932', '00000096385075', '00000000000000', '99999999999994'])
        for (const query of ['', `?serial=${sameEanIssued.serial_no}`])
          assertError(await byGtin(`${gtin}${query}`), 404, messages.machineNotFound);
    });

    test('anything but 14 digits is a 400 naming the GTIN; a bad serial a 400 naming the serial', async () => {
      for (const gtin of [
        '4006381333931',
        '96385074',
        '040063813339310',
        '0400638133393x',
        '%20%204006381333931',
        "1'%20OR%20'1'='1",
        '١٢٣٤٥٦٧٨٩٠١٢٣٤',
      ])
        assertError(await byGtin(gtin), 400, messages.invalidQuery, { gtin: messages.fieldType });
      assert.equal((await byGtin('0400638133393%00')).statusCode, 400);
      assertError(await byGtin('1'.repeat(10_000)), 400, messages.badRequest);
      assertError(await byGtin(`04006381333931?serial=${'1'.repeat(65)}`), 400, messages.invalidQuery, {
        serial: messages.fieldTooLong(64),
      });
    });
  });

  describe(`public landing limits on ${kind}`, () => {
    const LIMIT = 5;
    let t: TestApp;
    let issued: PrintData;
    before(async () => {
      t = await createTestApp(kind, { publicRateLimit: LIMIT });
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'RL' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id),
      });
      issued = response.json()[0];
    });
    after(() => t.close());

    const guess = (serial: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        url: `/api/brandMachineById/${issued.machine_id}?serial=${serial}`,
        remoteAddress,
        headers,
      });

    test('a confirmed serial says the day it was tested, never the time', async () => {
      const { serial } = (await guess(issued.serial_no, '10.1.0.1')).json();
      assert.equal(serial.verified, true);
      assert.match(serial.tested_at, /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(serial.tested_at, berlinIsoDate(new Date(issued.created_at)));
    });

    test('guessing serials from one address is limited with 429 and Retry-After; other addresses go on', async () => {
      for (let i = 0; i < LIMIT; i++) assert.equal((await guess(`RL${i}`, '10.2.0.1')).statusCode, 200);
      const refused = await guess('RL99', '10.2.0.1');
      assertError(refused, 429, messages.tooManyRequests);
      assert.ok(Number(refused.headers['retry-after']) > 0, 'Retry-After');
      assert.equal((await guess(issued.serial_no, '10.2.0.2')).statusCode, 200);
    });

    test('without TRUST_PROXY a forwarded address does not escape the limit', async () => {
      for (let i = 0; i < LIMIT; i++)
        await guess(`RL${i}`, '10.3.0.1', { 'x-forwarded-for': `192.0.2.${i}` });
      assert.equal((await guess('RL', '10.3.0.1', { 'x-forwarded-for': '192.0.2.200' })).statusCode, 429);
    });
  });

  describe(`public landing limit behind a proxy on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { publicRateLimit: 2, trustProxy: '10.9.0.1' });
    });
    after(() => t.close());

    test('behind TRUST_PROXY the limit counts the forwarded client address', async () => {
      const { machine } = await seedMachine(t.repositories, { prefix: 'PX' });
      const call = (client: string) =>
        t.app.inject({
          url: `/api/brandMachineById/${machine.id}`,
          remoteAddress: '10.9.0.1',
          headers: { 'x-forwarded-for': client },
        });
      assert.equal((await call('198.51.100.1')).statusCode, 200);
      assert.equal((await call('198.51.100.1')).statusCode, 200);
      assert.equal((await call('198.51.100.1')).statusCode, 429);
      assert.equal((await call('198.51.100.2')).statusCode, 200, 'another customer behind the same proxy');
    });
  });
}

for (const kind of kinds) {
  describe(`customer call: release, correction and contact on ${kind}`, () => {
    let t: TestApp;
    let machineId: number;
    let serials: string[];

    before(async () => {
      // No COMPANY_EMAIL or COMPANY_PHONE: the brand's contact is the customer's way to the manufacturer.
      t = await createTestApp(kind, { companyEmail: null, companyPhone: null });
      const { brand, machine } = await seedMachine(t.repositories, { brand: 'Freigabemarke', prefix: 'FR' });
      machineId = machine.id;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 4),
      });
      assert.equal(response.statusCode, 200, response.body);
      serials = (response.json()[0] as PrintData).serials;
      // Each unit's release as the test record would leave it (docs/decisions/0010-test-record.md).
      for (const [k, release] of (['released', 'deviation', 'failed', 'awaiting_release'] as const).entries())
        await t.db
          .updateTable('certificate_units')
          .set({ release })
          .where('serial', '=', serials[k])
          .execute();
    });
    after(() => t.close());

    const serialOf = async (serial: string) => {
      const response = await t.app.inject(`/api/brandMachineById/${machineId}?serial=${serial}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Landing;
    };

    test('released and deviation are confirmed with their day; failed and awaiting release confirm nothing', async () => {
      const [released, deviation, failed, awaiting] = await Promise.all(serials.map(serialOf));
      assert.equal(released.serial?.verified, true);
      assert.equal(released.serial?.release, 'released');
      assert.equal(deviation.serial?.verified, true);
      assert.equal(deviation.serial?.release, 'deviation');
      assert.match(String(deviation.serial?.tested_at), /^\d{4}-\d{2}-\d{2}$/);
      for (const [answer, release] of [
        [failed, 'failed'],
        [awaiting, 'awaiting_release'],
      ] as const)
        assert.deepEqual(answer.serial, {
          value: answer.serial!.value,
          verified: false,
          tested_at: null,
          withdrawn: false,
          release,
        });
    });

    test('a corrected certificate says on which day; a voided unit says nothing of its release', async () => {
      const [first] = serials;
      assert.equal((await serialOf(first)).serial?.corrected_on, undefined);
      const unit = await t.db
        .selectFrom('certificate_units')
        .select('certificate_id')
        .where('serial', '=', first)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('certificates')
        .set({ revised_at: '2026-02-03T23:30:00.000Z' })
        .where('id', '=', unit.certificate_id)
        .execute();
      // 23:30 UTC is already the next day in Berlin.
      assert.equal((await serialOf(first)).serial?.corrected_on, '2026-02-04');
      // Not confirmed units never carry it.
      assert.equal((await serialOf(serials[2])).serial?.corrected_on, undefined);
      await t.db
        .updateTable('certificate_units')
        .set({ voided_at: '2026-02-05T10:00:00.000Z' })
        .where('serial', '=', first)
        .execute();
      const voided = (await serialOf(first)).serial!;
      assert.deepEqual(
        [voided.verified, voided.withdrawn, voided.release, voided.corrected_on],
        [false, true, undefined, undefined],
      );
    });

    test('without a company contact the brand’s e-mail and website are answered; with one they are not', async () => {
      const answer = await serialOf(serials[2]);
      assert.equal(answer.brand_email, 'info@test.example');
      assert.equal(answer.brand_website, 'https://test.example');
      const withContact = await createTestApp(kind, { companyEmail: 'service@firma.example' });
      try {
        const { machine } = await seedMachine(withContact.repositories);
        const response = await withContact.app.inject(`/api/brandMachineById/${machine.id}`);
        assert.equal(response.json().brand_email, undefined);
        assert.equal(response.json().brand_website, undefined);
        assert.doesNotMatch(response.body, /info@test\.example/);
      } finally {
        await withContact.close();
      }
    });
  });
}
