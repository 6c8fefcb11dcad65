import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { CHECK_NOT_OK, QUANTITY, apiPaths, fieldMessages, type PrintData } from 'contracts';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { messages } from '../../messages';
import {
  assertSerialInvariants,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
  apiUrl,
} from '../../test/harness';
import { serialBase, unitSerial } from './serial';

for (const kind of kinds) {
  describe(`certificates on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const create = (payload: object, token = t.token) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(token),
        payload,
      });

    async function createOk(payload: object): Promise<PrintData> {
      const response = await create(payload);
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.ok(Array.isArray(body) && body.length === 1);
      return body[0];
    }

    test('a certificate for 3 units gets three consecutive serials from the machine prefix and month', async () => {
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'C3' });
      const part1 = serialBase('C3', new Date());
      const first = await createOk(certificateBody(brand.id, machine.id, 3));
      assert.equal(first.serialNoPart1, part1);
      assert.equal(first.recordsCount, 1);
      assert.equal(first.crowd, 3);
      assert.equal(first.serial_no, `${part1}001`);
      assert.equal(first.endSerialNo, `${part1}003`);
      const second = await createOk(certificateBody(brand.id, machine.id, 2));
      assert.equal(second.recordsCount, 4);
      assert.equal(second.serial_no, `${part1}004`);
      assert.equal(second.endSerialNo, `${part1}005`);
      assert.equal(typeof second.id, 'number');
      assert.ok(!Number.isNaN(Date.parse(second.created_at)));
    });

    test('machine type, prefix, images and brand contact come from the database, not the client', async () => {
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'SNAP' });
      const printed = await createOk({
        ...certificateBody(brand.id, machine.id),
        machine_type: 'GEFÄLSCHT',
        serial_prefix: '999',
        machine_image: 'uploads/evil.png',
        brand_image: 'javascript:alert(1)',
        brand_email: 'evil@example.com',
        brand_website: 'javascript:alert(1)',
        electronic_circuit_board: 0,
        serial_no: '123',
      });
      assert.equal(printed.machine_type, machine.name);
      assert.equal(printed.serial_prefix, 'SNAP');
      assert.equal(printed.machine_image, machine.image);
      assert.equal(printed.brand_image, brand.logo);
      assert.equal(printed.brand_email, brand.email);
      assert.equal(printed.brand_website, brand.website_link);
      assert.equal(printed.brand_name, brand.name);
      assert.equal(printed.ean_number, machine.ean_number);
      assert.equal(printed.electronic_circuit_board, 1);
      assert.ok(printed.serial_no.startsWith('SNAP'));
    });

    test('each check records its real state: a failed check is stored as NOT OK', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const printed = await createOk({
        ...certificateBody(brand.id, machine.id),
        guide: CHECK_NOT_OK,
        resistance_to_voltage: CHECK_NOT_OK,
        observation: '110 Volt, 50-60Hz',
        origin_germany: 'POLAND',
      });
      assert.equal(printed.guide, CHECK_NOT_OK);
      assert.equal(printed.perpendicularity, 'OK');
      assert.equal(printed.resistance_to_voltage, CHECK_NOT_OK);
      assert.equal(printed.observation, '110 Volt, 50-60Hz');
      assert.equal(printed.origin_germany, 'POLAND');
    });

    test('bad input gets a 400 with a German message per field and issues nothing', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const { brand: otherBrand } = await seedMachine(t.repositories, { brand: 'Andere Marke' });
      const valid = certificateBody(brand.id, machine.id);
      const before = await t.db.selectFrom('certificate_units').select('serial').execute();
      const cases: [object, string, string][] = [
        [{ ...valid, crowd: 0 }, 'crowd', messages.fieldType],
        [{ ...valid, crowd: QUANTITY.max + 1 }, 'crowd', messages.fieldType],
        [{ ...valid, crowd: -5 }, 'crowd', messages.fieldType],
        [{ ...valid, crowd: 1.5 }, 'crowd', messages.fieldType],
        [{ ...valid, crowd: 'viele' }, 'crowd', messages.fieldType],
        [{ ...valid, crowd: 1e12 }, 'crowd', messages.fieldType],
        [{ ...valid, checked_by: '   ' }, 'checked_by', fieldMessages.enter],
        [{ ...valid, checked_by: 'x'.repeat(100_000) }, 'checked_by', messages.fieldTooLong(100)],
        [{ ...valid, checked_by: ['Max'] }, 'checked_by', messages.fieldType],
        [{ ...valid, perpendicularity: 'VIELLEICHT' }, 'perpendicularity', messages.fieldUnknownChoice],
        [{ ...valid, resistance_to_voltage: '9000 V' }, 'resistance_to_voltage', messages.fieldUnknownChoice],
        [{ ...valid, origin_germany: 'ATLANTIS' }, 'origin_germany', messages.fieldUnknownChoice],
        [
          { ...valid, observation: "'; DROP TABLE certificates; --" },
          'observation',
          messages.fieldUnknownChoice,
        ],
        [{ ...valid, machine_id: 999_999 }, 'machine_id', fieldMessages.machineMissing],
        [{ ...valid, brand_id: 999_999 }, 'brand_id', fieldMessages.brandMissing],
        [{ ...valid, brand_id: otherBrand.id }, 'machine_id', messages.machineNotOfBrand],
        [{ ...valid, machine_id: 'eins' }, 'machine_id', messages.fieldType],
        [(({ checked_by: _omit, ...rest }) => rest)(valid), 'checked_by', messages.fieldRequired],
        [(({ crowd: _omit, ...rest }) => rest)(valid), 'crowd', messages.fieldRequired],
      ];
      for (const [payload, field, message] of cases) {
        const response = await create(payload);
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        const { error } = response.json();
        assert.equal(error.message, messages.checkFields);
        assert.equal(error.fields[field], message, `${field}: ${response.body}`);
      }
      const after = await t.db.selectFrom('certificate_units').select('serial').execute();
      assert.equal(after.length, before.length);
    });

    test('malformed JSON, wrong content type and no token are refused without a 5xx', async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: { ...auth(t.token), 'content-type': 'application/json' },
        payload: '{"brand_id": 1,',
      });
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.json().error.message, messages.invalidJson);
      const text = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: { ...auth(t.token), 'content-type': 'text/plain' },
        payload: 'crowd=1',
      });
      assert.equal(text.statusCode, 415);
      assert.equal(text.json().error.message, messages.unsupportedMediaType);
      const noToken = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        payload: {},
      });
      assert.equal(noToken.statusCode, 401);
      assert.equal(noToken.json().error.message, messages.unauthorized);
    });

    test('a reprint is identical to the creation answer, even after the machine and brand change', async () => {
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'RP' });
      const printed = await createOk(certificateBody(brand.id, machine.id, 4));
      await t.services.machines.update(
        machine.id,
        {
          ...machine,
          electronic_circuit_board: 1,
          name: 'Umbenannt',
          serial_prefix: 'NEU',
        },
        t.accountId,
      );
      await t.services.brands.update(brand.id, { ...brand, email: 'neu@test.example' }, t.accountId);
      const reprint = await t.app.inject({
        url: apiUrl(apiPaths.certificate(printed.id)),
        headers: auth(t.token),
      });
      assert.equal(reprint.statusCode, 200);
      assert.deepEqual(reprint.json(), printed);
      const missing = await t.app.inject({
        url: apiUrl(apiPaths.certificate(999999)),
        headers: auth(t.token),
      });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().error.message, messages.certificateNotFound);
      const wrong = await t.app.inject({ url: '/api/certificates/abc', headers: auth(t.token) });
      assert.equal(wrong.statusCode, 400);
    });

    test('list: a unit serial inside a range finds its certificate; sorting and positions span the whole set', async () => {
      const { brand, machine } = await seedMachine(t.repositories, {
        prefix: 'LST',
        name: 'Listenmaschine Ö',
      });
      const printed = await createOk(certificateBody(brand.id, machine.id, 5));
      const middle = unitSerial(printed.serialNoPart1, printed.recordsCount, 2);
      const list = (query: string) =>
        t.app
          .inject({ url: `${apiUrl(apiPaths.certificates())}?${query}`, headers: auth(t.token) })
          .then((r) => {
            assert.equal(r.statusCode, 200, r.body);
            return r.json();
          });
      const bySerial = await list(`search=${middle}`);
      assert.equal(bySerial.total, 1);
      assert.equal(bySerial.data[0].id, printed.id);
      assert.equal(bySerial.data[0].serial_no, printed.serial_no);
      assert.equal(bySerial.data[0].endSerialNo, printed.endSerialNo);
      assert.equal(bySerial.data[0].crowd, 5);
      assert.equal(bySerial.data[0].unit_serial, middle, 'the list names the unit the search found');
      assert.deepEqual(
        printed.serials,
        [0, 1, 2, 3, 4].map((k) => unitSerial(printed.serialNoPart1, printed.recordsCount, k)),
        'the print data carries every unit serial in unit order',
      );
      assert.equal(
        (await list(`search=${printed.serialNoPart1}`)).data[0].unit_serial,
        undefined,
        'a serial base names no unit',
      );
      assert.equal((await list(`search=${encodeURIComponent('listenmaschine ö')}`)).total, 1);

      assert.equal(
        (await list(`search=${unitSerial(printed.serialNoPart1, printed.recordsCount, 5)}`)).total,
        0,
      );
      assert.equal((await list('search=%25')).total, 0);
      const checked = await createOk({
        ...certificateBody(brand.id, machine.id, 1),
        checked_by: 'Jürgen Öztürk',
      });
      const byChecker = await list(`search=${encodeURIComponent('JÜRGEN ÖZ')}`);
      assert.deepEqual(
        byChecker.data.map((row: { id: number }) => row.id),
        [checked.id],
      );

      const all = await list('per_page=100');
      assert.ok(all.total >= 5);
      assert.deepEqual(
        all.data.map((row: { pos: number }) => row.pos),
        all.data.map((_: unknown, i: number) => i + 1),
      );
      // Newest first by default.
      assert.equal(all.data[0].id, Math.max(...all.data.map((row: { id: number }) => row.id)));
      const byCrowd = await list('sort=crowd&order=desc&per_page=2&page=1');
      assert.equal(byCrowd.data[0].crowd, Math.max(...all.data.map((row: { crowd: number }) => row.crowd)));
      const page2 = await list('sort=checked_by&order=asc&per_page=2&page=2');
      assert.deepEqual(
        page2.data.map((row: { pos: number }) => row.pos),
        [3, 4],
      );
      const beyond = await list('page=9999');
      assert.deepEqual(beyond.data, []);
      assert.equal(beyond.total, all.total, 'a page past the end still tells the total');
      const reversed = await list('sort=pos&order=desc&per_page=1');
      assert.equal(reversed.data[0].pos, all.total);
      assert.equal(reversed.data[0].id, Math.min(...all.data.map((row: { id: number }) => row.id)));
      for (const bad of [
        'page=0',
        'page=-1',
        'page=abc',
        'per_page=101',
        'per_page=0',
        'sort=password',
        'page=1e9',
      ]) {
        const response = await t.app.inject({ url: `/api/certificates?${bad}`, headers: auth(t.token) });
        assert.equal(response.statusCode, 400, bad);
        assert.equal(response.json().error.message, messages.invalidQuery);
      }
    });

    test('50 concurrent creates with random quantities: unique, consecutive serials and exact counters', async () => {
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'CONC' });
      const quantities = Array.from({ length: 50 }, () => 1 + Math.floor(Math.random() * 10));
      const results = await Promise.all(
        quantities.map((n) => create(certificateBody(brand.id, machine.id, n))),
      );
      for (const response of results) assert.equal(response.statusCode, 200, response.body);
      const { units } = await assertSerialInvariants(t.db);
      const part1 = serialBase('CONC', new Date());
      const mine = units.filter((u) => u.serial.startsWith(part1));
      assert.equal(
        mine.length,
        quantities.reduce((a, b) => a + b, 0),
      );
    });

    test('a failure in the middle of a create leaves no certificate, no unit and no counter change', async () => {
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'FAIL' });
      const first = await createOk(certificateBody(brand.id, machine.id, 1));
      const db = t.db;
      // Another row already holds the serial that unit 2 of the next create would get.
      const blocked = unitSerial(first.serialNoPart1, 3, 0);
      await db
        .insertInto('certificate_units')
        .values({ certificate_id: first.id, unit_index: 99, serial: blocked })
        .execute();
      const counts = async () => ({
        certificates: (await db.selectFrom('certificates').select('id').execute()).length,
        units: (await db.selectFrom('certificate_units').select('id').execute()).length,
        counter: (
          await db
            .selectFrom('serial_counters')
            .select('last')
            .where('serial_base', '=', first.serialNoPart1)
            .executeTakeFirstOrThrow()
        ).last,
      });
      const before = await counts();
      const failed = await create(certificateBody(brand.id, machine.id, 3));
      assert.equal(failed.statusCode, 409);
      assert.equal(failed.json().error.message, messages.serialConflict);
      assert.deepEqual(await counts(), before);
      await db.deleteFrom('certificate_units').where('serial', '=', blocked).execute();
      const next = await createOk(certificateBody(brand.id, machine.id, 3));
      assert.equal(next.serial_no, unitSerial(first.serialNoPart1, 2, 0), 'the failed create left a gap');
      await assertSerialInvariants(t.db);
    });

    test('property: any sequence of creates and failed creates keeps serials unique and gap-free', async () => {
      const { brand: holderBrand, machine: holder } = await seedMachine(t.repositories, { prefix: 'HOLD' });
      const holderCert = await createOk(certificateBody(holderBrand.id, holder.id, 1));
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ crowd: fc.integer({ min: 1, max: 6 }), fail: fc.boolean() }), {
            maxLength: 8,
          }),
          async (steps) => {
            run += 1;
            const { brand, machine } = await seedMachine(t.repositories, { prefix: `P${run}X` });
            const part1 = serialBase(`P${run}X`, new Date());
            let issued = 0;
            for (const step of steps) {
              if (step.fail) {
                const blocked = unitSerial(part1, issued + step.crowd, 0);
                await t.db
                  .insertInto('certificate_units')
                  .values({ certificate_id: holderCert.id, unit_index: 1000 + run, serial: blocked })
                  .execute();
                assert.equal(
                  (await create(certificateBody(brand.id, machine.id, step.crowd))).statusCode,
                  409,
                );
                await t.db.deleteFrom('certificate_units').where('serial', '=', blocked).execute();
              } else {
                const printed = await createOk(certificateBody(brand.id, machine.id, step.crowd));
                assert.equal(printed.recordsCount, issued + 1);
                issued += step.crowd;
              }
            }
            await assertSerialInvariants(t.db);
          },
        ),
        { numRuns: 15 },
      );
    });

    test('two API instances on one database never issue a serial twice', async () => {
      const second = openDatabase(t.testDb.location, { schema: t.testDb.schema });
      const other = await buildApp({ config: t.config, database: second });
      try {
        const { brand, machine } = await seedMachine(t.repositories, { prefix: 'TWO' });
        const apps = [t.app, other];
        const responses = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            apps[i % 2].inject({
              method: 'POST',
              url: apiUrl(apiPaths.certificateCreate()),
              headers: auth(t.token),
              payload: certificateBody(brand.id, machine.id, 1 + (i % 4)),
            }),
          ),
        );
        for (const response of responses) assert.equal(response.statusCode, 200, response.body);
        await assertSerialInvariants(t.db);
      } finally {
        await other.close();
        await second.close();
      }
    });
  });
}
