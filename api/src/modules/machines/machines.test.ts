import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { fieldMessages, type Machine, type MachineBody, type MachineListItem } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { drawPng } from '../../db/demo-images';
import { messages } from '../../messages';
import { auth, createTestApp, kinds, type TestApp } from '../../test/harness';

const SQL = "'; DROP TABLE machines; --";
const HTML = '<img src=x onerror=alert(1)>';
const LONG = 'x'.repeat(100_000);
const MACHINE_KEYS = [
  'brand_id',
  'created_at',
  'description',
  'ean_number',
  'electronic_circuit_board',
  'id',
  'image',
  'link_en',
  'link_ger',
  'name',
  'observation',
  'serial_prefix',
  'updated_at',
  'voltage_resistance',
];
const LIST_ITEM_KEYS = ['brand_name', 'created_at', 'ean_number', 'id', 'name', 'pos'];

const hex = () => crypto.randomBytes(3).toString('hex');

function assertError(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  fields?: Record<string, string>,
) {
  assert.equal(response.statusCode, status, response.body);
  const { error } = response.json();
  assert.equal(error.message, message, response.body);
  if (fields) assert.deepEqual(error.fields, fields, response.body);
  assert.doesNotMatch(response.body, /stack|\.ts:\d+/);
}

for (const kind of kinds) {
  describe(`machines on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let otherBrandId: number;
    let image: string;
    before(async () => {
      t = await createTestApp(kind);
      const brand = await t.repositories.brands.create({
        name: 'Hauptmarke',
        logo: '',
        email: '',
        website_link: '',
      });
      const other = await t.repositories.brands.create({
        name: 'Zweitmarke',
        logo: '',
        email: '',
        website_link: '',
      });
      brandId = brand.id;
      otherBrandId = other.id;
      image = await t.repositories.uploads.store(
        drawPng(3, 3, (x, y) => [x * 80, y * 80, 0]),
        {
          mime: 'image/png',
          ext: 'png',
        },
      );
    });
    after(() => t.close());

    const body = (overrides: Partial<Record<keyof MachineBody, unknown>> = {}) => ({
      brand_id: brandId,
      name: `Maschine ${hex()}`,
      serial_prefix: '485',
      ean_number: '4006381333931',
      link_en: 'https://maschine.example/en',
      link_ger: 'https://maschine.example/de',
      image,
      electronic_circuit_board: 1,
      voltage_resistance: '1500 V',
      observation: '230 Volt, 50-60Hz',
      description: 'Kernbohrmaschine',
      ...overrides,
    });
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      t.app.inject({ method, url, payload: payload as object, headers: auth(t.token) });
    const create = (payload: unknown) => send('POST', '/api/machine', payload);
    const update = (id: number | string, payload: unknown) => send('PUT', `/api/machine/${id}`, payload);
    const list = (query: string) => send('GET', `/api/machines?${query}`);

    async function createOk(overrides: Partial<Record<keyof MachineBody, unknown>> = {}): Promise<Machine> {
      const response = await create(body(overrides));
      assert.equal(response.statusCode, 201, response.body);
      return response.json();
    }

    async function listOk(query: string): Promise<{ data: MachineListItem[]; total: number }> {
      const response = await list(query);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    }

    const names = (result: { data: MachineListItem[] }) => result.data.map((m) => m.name).sort();

    describe('create, get and update', () => {
      test('create answers 201 with the whole stored machine, text trimmed', async () => {
        const name = `Bohrer ${hex()}`;
        const sent = body({
          name: `  ${name}  `,
          serial_prefix: ' AB-12 ',
          link_en: ' https://x.example/en ',
        });
        const response = await create(sent);
        assert.equal(response.statusCode, 201, response.body);
        const machine = response.json();
        assert.deepEqual(Object.keys(machine).sort(), MACHINE_KEYS);
        assert.deepEqual(machine, {
          ...sent,
          id: machine.id,
          name,
          serial_prefix: 'AB-12',
          link_en: 'https://x.example/en',
          created_at: machine.created_at,
          updated_at: machine.created_at,
        });
        assert.ok(Math.abs(Date.parse(machine.created_at) - Date.now()) < 60_000);
      });

      test('only the required fields make a machine with empty optional fields', async () => {
        const response = await create({
          brand_id: brandId,
          name: `Minimal ${hex()}`,
          serial_prefix: 'M1',
          electronic_circuit_board: 0,
        });
        assert.equal(response.statusCode, 201, response.body);
        const machine = response.json();
        for (const field of [
          'ean_number',
          'link_en',
          'link_ger',
          'image',
          'voltage_resistance',
          'observation',
          'description',
        ])
          assert.equal(machine[field], '', field);
        assert.equal(machine.electronic_circuit_board, 0);
      });

      test('get answers 200 with the same machine as created', async () => {
        const machine = await createOk();
        const response = await send('GET', `/api/machine/${machine.id}`);
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), machine);
      });

      test('get: an unknown id is a German 404, a bad id a 400', async () => {
        assertError(await send('GET', '/api/machine/999999'), 404, messages.machineNotFound);
        for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e10']) {
          assertError(await send('GET', `/api/machine/${id}`), 400, messages.invalidQuery, {
            id: messages.fieldType,
          });
        }
      });

      test('update answers 200 with the changed machine; created_at stays', async () => {
        const machine = await createOk();
        const changed = body({
          brand_id: otherBrandId,
          name: `Geändert ${hex()}`,
          serial_prefix: 'NEU-1',
          ean_number: '96385074',
          link_en: 'http://neu.example/en',
          link_ger: '',
          image: '',
          electronic_circuit_board: 0,
          description: 'neu',
        });
        const response = await update(machine.id, changed);
        assert.equal(response.statusCode, 200, response.body);
        const updated = response.json();
        assert.deepEqual(updated, {
          ...changed,
          id: machine.id,
          created_at: machine.created_at,
          updated_at: updated.updated_at,
        });
        assert.ok(updated.updated_at >= machine.created_at);
        assert.deepEqual((await send('GET', `/api/machine/${machine.id}`)).json(), updated);
      });

      test('update: an unknown machine is a 404, a bad id a 400', async () => {
        assertError(await update(999_999, body()), 404, messages.machineNotFound);
        assertError(await update('abc', body()), 400, messages.invalidQuery, { id: messages.fieldType });
        assertError(await update(0, body()), 400, messages.invalidQuery, { id: messages.fieldType });
      });

      test('an article number that exists for the brand is a 409, in any case, umlauts included', async () => {
        const name = `Kältemittel-Pumpe ${hex()}`;
        await createOk({ name });
        for (const same of [name, name.toUpperCase(), name.toLowerCase(), ` ${name} `]) {
          assertError(await create(body({ name: same })), 409, messages.machineNameTaken, {
            name: fieldMessages.nameTaken,
          });
        }
      });

      test('the same article number under another brand is fine; moving it into a brand that has it is a 409', async () => {
        const name = `Doppelt ${hex()}`;
        await createOk({ name });
        const other = await createOk({ name, brand_id: otherBrandId });
        assert.equal(other.name, name);
        assertError(
          await update(other.id, body({ name, brand_id: brandId })),
          409,
          messages.machineNameTaken,
          {
            name: fieldMessages.nameTaken,
          },
        );
      });

      test('update to its own name, in other case, is fine; to another machine’s name a 409', async () => {
        const machine = await createOk();
        const same = await update(machine.id, body({ name: machine.name.toUpperCase() }));
        assert.equal(same.statusCode, 200, same.body);
        assert.equal(same.json().name, machine.name.toUpperCase());
        const other = await createOk();
        assertError(await update(other.id, body({ name: machine.name })), 409, messages.machineNameTaken, {
          name: fieldMessages.nameTaken,
        });
      });

      test('concurrent creates of one article number give one 201 and 409 for the rest, never a 5xx', async () => {
        const payload = body({ name: `Gleichzeitig ${hex()}` });
        const responses = await Promise.all(Array.from({ length: 6 }, () => create(payload)));
        assert.deepEqual(
          responses.map((r) => r.statusCode).sort(),
          [201, 409, 409, 409, 409, 409],
          responses.map((r) => r.body).join('\n'),
        );
      });

      test('concurrent renames to one article number give one 200 and 409 for the rest', async () => {
        const machines = await Promise.all([1, 2, 3, 4].map(() => createOk()));
        const name = `Umbenannt ${hex()}`;
        const responses = await Promise.all(machines.map((m) => update(m.id, body({ name }))));
        assert.deepEqual(
          responses.map((r) => r.statusCode).sort(),
          [200, 409, 409, 409],
          responses.map((r) => r.body).join('\n'),
        );
      });
    });

    describe('validation', () => {
      /** Each case is refused by create and by update with exactly these field messages; nothing is stored. */
      async function assertRefused(payload: unknown, fields: Record<string, string>) {
        const count = async () =>
          Number(
            (
              await t.db
                .selectFrom('machines')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await count();
        assertError(await create(payload), 400, messages.checkFields, fields);
        assert.equal(await count(), before);
        const target = await t.db.selectFrom('machines').selectAll().executeTakeFirstOrThrow();
        assertError(await update(target.id, payload), 400, messages.checkFields, fields);
        const unchanged = await t.db
          .selectFrom('machines')
          .selectAll()
          .where('id', '=', target.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(unchanged, target);
      }

      before(async () => {
        await createOk();
      });

      test('malformed JSON is a 400 and a body that is not JSON a 415, on create and update', async () => {
        const machine = await t.db.selectFrom('machines').select('id').executeTakeFirstOrThrow();
        for (const [method, url] of [
          ['POST', '/api/machine'],
          ['PUT', `/api/machine/${machine.id}`],
        ] as const) {
          for (const broken of ['{"name": ', '{name: 1}', '']) {
            const response = await t.app.inject({
              method,
              url,
              payload: broken,
              headers: { ...auth(t.token), 'content-type': 'application/json' },
            });
            assertError(response, 400, broken ? messages.invalidJson : messages.emptyBody);
          }
          for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
            const response = await t.app.inject({
              method,
              url,
              payload: JSON.stringify(body()),
              headers: { ...auth(t.token), 'content-type': type },
            });
            assertError(response, 415, messages.unsupportedMediaType);
          }
        }
      });

      test('missing required fields: each named with Pflichtfeld', async () => {
        await assertRefused(
          {},
          {
            brand_id: messages.fieldRequired,
            name: messages.fieldRequired,
            serial_prefix: messages.fieldRequired,
            electronic_circuit_board: messages.fieldRequired,
          },
        );
        const noName: Record<string, unknown> = body();
        delete noName.name;
        await assertRefused(noName, { name: messages.fieldRequired });
        const noPrefix: Record<string, unknown> = body();
        delete noPrefix.serial_prefix;
        await assertRefused(noPrefix, { serial_prefix: messages.fieldRequired });
        await assertRefused(body({ name: '   ' }), { name: fieldMessages.required });
        await assertRefused(body({ serial_prefix: ' ' }), { serial_prefix: fieldMessages.required });
      });

      test('the brand must exist', async () => {
        await assertRefused(body({ brand_id: 999_999 }), { brand_id: fieldMessages.brandMissing });
        for (const brand_id of [0, -1, 'abc', 1.5, 2 ** 31, {}])
          await assertRefused(body({ brand_id }), { brand_id: messages.fieldType });
      });

      test('wrong types are a 400 per field', async () => {
        await assertRefused(body({ name: {} }), { name: messages.fieldType });
        await assertRefused(body({ name: ['Bohrer'] }), { name: messages.fieldType });
        await assertRefused(body({ serial_prefix: [485] }), { serial_prefix: messages.fieldType });
        await assertRefused(body({ description: { text: 'x' } }), { description: messages.fieldType });
        await assertRefused(body({ link_en: ['https://x.example'] }), { link_en: messages.fieldType });
      });

      test('JSON scalars of the wrong type are not coerced: true is no brand id, null no circuit-board flag', async () => {
        await assertRefused(body({ brand_id: true }), { brand_id: messages.fieldType });
        await assertRefused(body({ electronic_circuit_board: true }), {
          electronic_circuit_board: messages.fieldType,
        });
        await assertRefused(body({ electronic_circuit_board: null }), {
          electronic_circuit_board: messages.fieldType,
        });
        await assertRefused(body({ name: 123 }), { name: messages.fieldType });
      });

      test('serial prefix only letters, digits and “-”', async () => {
        for (const serial_prefix of ['AB C', 'Ä1', '48/5', "1';--", '485_1', '<b>'])
          await assertRefused(body({ serial_prefix }), { serial_prefix: fieldMessages.serialPrefix });
        assert.equal((await createOk({ serial_prefix: 'Ab-09' })).serial_prefix, 'Ab-09');
      });

      test('product links must be http(s); a javascript: link is refused', async () => {
        for (const link of [
          'javascript:alert(1)',
          'JAVASCRIPT:alert(1)',
          ' javascript:alert(document.cookie)',
          'data:text/html,<script>alert(1)</script>',
          'ftp://maschine.example/x',
          'maschine.example/de',
          'https://',
        ]) {
          await assertRefused(body({ link_en: link }), { link_en: fieldMessages.url });
          await assertRefused(body({ link_ger: link }), { link_ger: fieldMessages.url });
        }
      });

      test('EAN-8 or EAN-13 with a valid check digit when given', async () => {
        for (const ean_number of [
          '4006381333932',
          '96385075',
          '12345',
          '400638133393',
          'abcdefgh',
          '4006381-33931',
        ])
          await assertRefused(body({ ean_number }), { ean_number: fieldMessages.ean });
        await assertRefused(body({ ean_number: '40063813339310' }), {
          ean_number: messages.fieldTooLong(13),
        });
        assert.equal((await createOk({ ean_number: '96385074' })).ean_number, '96385074');
        assert.equal((await createOk({ ean_number: '4006381333931' })).ean_number, '4006381333931');
        assert.equal((await createOk({ ean_number: '' })).ean_number, '');
      });

      test('electronic circuit board is 0 or 1', async () => {
        for (const value of [2, -1, 0.5])
          await assertRefused(body({ electronic_circuit_board: value }), {
            electronic_circuit_board: messages.fieldUnknownChoice,
          });
        for (const value of ['ja', {}, [1]])
          await assertRefused(body({ electronic_circuit_board: value }), {
            electronic_circuit_board: messages.fieldType,
          });
      });

      test('the image must name an uploaded image', async () => {
        for (const value of [
          `uploads/${'a'.repeat(64)}.png`,
          image.replace('.png', '.jpg'),
          image.toUpperCase(),
          '../../etc/passwd',
          'uploads/../../etc/passwd',
          'javascript:alert(1)',
          'https://evil.example/x.png',
        ])
          await assertRefused(body({ image: value }), { image: messages.uploadChoose });
      });

      test('100 kB strings are refused with the length limit of each field', async () => {
        const limits: [keyof MachineBody, number][] = [
          ['name', 200],
          ['serial_prefix', 20],
          ['ean_number', 13],
          ['link_en', 2000],
          ['link_ger', 2000],
          ['image', 200],
          ['voltage_resistance', 200],
          ['observation', 200],
          ['description', 5000],
        ];
        for (const [field, max] of limits)
          await assertRefused(body({ [field]: LONG }), { [field]: messages.fieldTooLong(max) });
      });

      test('several bad fields are reported together', async () => {
        await assertRefused(
          body({
            brand_id: 999_999,
            serial_prefix: 'a b',
            ean_number: '1',
            link_en: 'javascript:x',
            image: 'x',
          }),
          {
            brand_id: fieldMessages.brandMissing,
            serial_prefix: fieldMessages.serialPrefix,
            ean_number: fieldMessages.ean,
            link_en: fieldMessages.url,
            image: messages.uploadChoose,
          },
        );
      });

      test('SQL and HTML are stored and returned verbatim as text; the table stays', async () => {
        const sqlMachine = await createOk({ name: SQL, description: SQL, voltage_resistance: SQL });
        assert.equal(sqlMachine.name, SQL);
        assert.equal(sqlMachine.description, SQL);
        const htmlMachine = await createOk({ name: HTML, description: HTML, observation: HTML });
        assert.equal(htmlMachine.name, HTML);
        assert.equal(htmlMachine.observation, HTML);
        assert.deepEqual((await send('GET', `/api/machine/${sqlMachine.id}`)).json(), sqlMachine);
        assert.deepEqual((await send('GET', `/api/machine/${htmlMachine.id}`)).json(), htmlMachine);
        const found = await listOk(`search=${encodeURIComponent(SQL)}`);
        assert.deepEqual(names(found), [SQL]);
        const html = await listOk(`search=${encodeURIComponent(HTML)}`);
        assert.deepEqual(names(html), [HTML]);
        const all = await listOk('per_page=100');
        assert.ok(all.total > 2);
      });
    });

    describe('list: search', () => {
      let searchBrand: number;
      before(async () => {
        searchBrand = (
          await t.repositories.brands.create({
            name: 'Suchmarke Größe',
            logo: '',
            email: '',
            website_link: '',
          })
        ).id;
        for (const [name, serial_prefix, ean_number] of [
          ['Öl-Kühler', 'OK1', '55123457'],
          ['Rabatt 50% Modell', 'R50', ''],
          ['Rabatt 500 Modell', 'R500', ''],
          ['Teil a_b', 'TAB', ''],
          ['Teil axb', 'TAXB', ''],
          ['Zahnrad', 'ZR-77', '5901234123457'],
        ])
          await createOk({ brand_id: searchBrand, name, serial_prefix, ean_number });
      });

      test('answers {data,total} with list items in exact shape', async () => {
        const result = await listOk('search=Kühler');
        assert.deepEqual(Object.keys(result).sort(), ['data', 'total']);
        assert.equal(result.total, 1);
        const [item] = result.data;
        assert.deepEqual(Object.keys(item).sort(), LIST_ITEM_KEYS);
        const machine = await t.repositories.machines.get(item.id);
        assert.deepEqual(item, {
          id: machine!.id,
          pos: 1,
          name: 'Öl-Kühler',
          brand_name: 'Suchmarke Größe',
          ean_number: '55123457',
          created_at: machine!.created_at,
        });
      });

      test('case-insensitive including umlauts', async () => {
        for (const search of ['öl', 'ÖL', 'Öl', 'öL-kÜHLER', 'kühler', 'KÜHLER', 'o\u0308l'])
          assert.deepEqual(
            names(await listOk(`search=${encodeURIComponent(search)}`)),
            ['Öl-Kühler'],
            search,
          );
      });

      test('finds by brand name, EAN and serial prefix', async () => {
        const byBrand = await listOk(`search=${encodeURIComponent('suchmarke größe')}&per_page=100`);
        assert.equal(byBrand.total, 6);
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('GRÖSSE')}`)), []);
        assert.deepEqual(names(await listOk('search=5901234123457')), ['Zahnrad']);
        assert.deepEqual(names(await listOk('search=5512345')), ['Öl-Kühler']);
        assert.deepEqual(names(await listOk('search=zr-77')), ['Zahnrad']);
      });

      test('a renamed brand is found by its new name at once', async () => {
        const renamed = await t.repositories.brands.create({
          name: 'Vorname Marke',
          logo: '',
          email: '',
          website_link: '',
        });
        await createOk({ brand_id: renamed.id, name: 'Umbenennungstest' });
        const response = await send('PUT', `/api/brand/${renamed.id}`, { name: 'Nachname Märke' });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('NACHNAME MÄRKE')}`)), [
          'Umbenennungstest',
        ]);
        assert.deepEqual(names(await listOk('search=Vorname')), []);
        assert.equal((await listOk('search=Umbenennungstest')).data[0].brand_name, 'Nachname Märke');
      });

      test('LIKE wildcards in the search are taken literally', async () => {
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('50%')}`)), ['Rabatt 50% Modell']);
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('a_b')}`)), ['Teil a_b']);
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('%')}`)), ['Rabatt 50% Modell']);
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('Teil _')}`)), []);
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('\\')}`)), []);
      });

      test('the search is trimmed; a blank search lists everything', async () => {
        assert.deepEqual(names(await listOk(`search=${encodeURIComponent('  öl-kühler  ')}`)), ['Öl-Kühler']);
        const everything = await listOk('per_page=5');
        const blank = await listOk(`search=${encodeURIComponent('   ')}&per_page=5`);
        assert.equal(blank.total, everything.total);
        const stored = await t.db
          .selectFrom('machines')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(everything.total, Number(stored.n));
      });

      test('no match is an empty page with total 0', async () => {
        assert.deepEqual(await listOk('search=gibtesnichtxyz'), { data: [], total: 0 });
      });
    });

    describe('list: sorting and pagination over the whole set', () => {
      const TAG = 'qzsort';
      let all: { id: number; name: string; brand: string; created_at: string }[];
      before(async () => {
        const brands: { id: number; name: string }[] = [];
        for (const name of [`${TAG} Brand c`, `${TAG} Brand a`, `${TAG} Brand b`])
          brands.push(await t.repositories.brands.create({ name, logo: '', email: '', website_link: '' }));
        all = [];
        // 25 names whose order differs from the creation order and from the brands' order.
        for (let i = 0; i < 25; i++) {
          const letter = String.fromCharCode(97 + ((i * 7) % 25));
          const brand = brands[i % 3];
          const name = `${TAG}${letter}${i % 2 ? 'X' : 'y'}`;
          const machine = await createOk({ brand_id: brand.id, name, serial_prefix: 'S' });
          all.push({ id: machine.id, name, brand: brand.name, created_at: machine.created_at });
        }
      });

      const by =
        <K extends keyof (typeof all)[number]>(key: K, lower = false) =>
        (a: (typeof all)[number], b: (typeof all)[number]) => {
          const x = lower ? String(a[key]).toLowerCase() : a[key];
          const y = lower ? String(b[key]).toLowerCase() : b[key];
          return x < y ? -1 : x > y ? 1 : a.id - b.id;
        };
      const sorted = (sort: 'pos' | 'name' | 'brand_name' | 'created_at') =>
        [...all].sort(
          sort === 'pos'
            ? (a, b) => a.id - b.id
            : sort === 'name'
              ? by('name', true)
              : sort === 'brand_name'
                ? by('brand', true)
                : by('created_at'),
        );

      for (const sort of ['pos', 'name', 'brand_name', 'created_at'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          test(`sort=${sort}&order=${order}: every page is its slice of the whole sorted set`, async () => {
            const whole = order === 'asc' ? sorted(sort) : sorted(sort).reverse();
            const seen: number[] = [];
            for (const page of [1, 2, 3]) {
              const result = await listOk(
                `search=${TAG}&sort=${sort}&order=${order}&page=${page}&per_page=10`,
              );
              assert.equal(result.total, 25);
              const slice = whole.slice((page - 1) * 10, page * 10);
              assert.deepEqual(
                result.data.map((m) => m.id),
                slice.map((m) => m.id),
                `page ${page}`,
              );
              result.data.forEach((m, i) => {
                const position = (page - 1) * 10 + i + 1;
                // Sorted by position itself, each row keeps the number it has in ascending order.
                assert.equal(m.pos, sort === 'pos' && order === 'desc' ? 26 - position : position);
              });
              seen.push(...result.data.map((m) => m.id));
            }
            assert.equal(new Set(seen).size, 25);
          });
        }
      }

      test('page 2 of sort=name holds the 11th to 20th names overall', async () => {
        const result = await listOk(`search=${TAG}&sort=name&page=2`);
        const overall = all.map((m) => m.name.toLowerCase()).sort();
        assert.deepEqual(
          result.data.map((m) => m.name.toLowerCase()),
          overall.slice(10, 20),
        );
        assert.deepEqual(
          result.data.map((m) => m.pos),
          [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
        );
      });

      test('defaults: page 1, 10 per page, sorted by position ascending', async () => {
        const result = await listOk(`search=${TAG}`);
        assert.equal(result.total, 25);
        assert.deepEqual(
          result.data.map((m) => m.id),
          sorted('pos')
            .slice(0, 10)
            .map((m) => m.id),
        );
        assert.deepEqual(
          result.data.map((m) => m.pos),
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        );
      });

      test('the last page is partial and a page past the end is empty, with the total', async () => {
        const last = await listOk(`search=${TAG}&page=3&per_page=10`);
        assert.equal(last.data.length, 5);
        assert.deepEqual(await listOk(`search=${TAG}&page=4&per_page=10`), { data: [], total: 25 });
        assert.deepEqual(await listOk(`search=${TAG}&page=1000000&per_page=100`), { data: [], total: 25 });
        const big = await listOk(`search=${TAG}&per_page=100`);
        assert.equal(big.data.length, 25);
        const one = await listOk(`search=${TAG}&per_page=1&page=25`);
        assert.deepEqual(
          one.data.map((m) => [m.id, m.pos]),
          [[sorted('pos')[24].id, 25]],
        );
      });

      test('bad page, per_page, sort and order are a 400 with the field named, never a 5xx', async () => {
        const cases: [string, Record<string, string>][] = [
          ['page=0', { page: messages.fieldType }],
          ['page=-1', { page: messages.fieldType }],
          ['page=abc', { page: messages.fieldType }],
          ['page=1.5', { page: messages.fieldType }],
          ['page=1e9', { page: messages.fieldType }],
          ['page=1000001', { page: messages.fieldType }],
          ['page=99999999999999999999', { page: messages.fieldType }],
          ['page=1&page=2', { page: messages.fieldType }],
          ['per_page=0', { per_page: messages.fieldType }],
          ['per_page=101', { per_page: messages.fieldType }],
          ['per_page=abc', { per_page: messages.fieldType }],
          ['per_page=1e9', { per_page: messages.fieldType }],
          ['per_page=-10', { per_page: messages.fieldType }],
          ['sort=price', { sort: messages.fieldUnknownChoice }],
          [`sort=${encodeURIComponent('name; DROP TABLE machines')}`, { sort: messages.fieldUnknownChoice }],
          ['sort=machines.id', { sort: messages.fieldUnknownChoice }],
          ['order=sideways', { order: messages.fieldUnknownChoice }],
          [`order=${encodeURIComponent('asc, (select 1)')}`, { order: messages.fieldUnknownChoice }],
          [`search=${LONG}`, { search: messages.fieldTooLong(100) }],
          [
            'page=0&per_page=0&sort=x',
            { page: messages.fieldType, per_page: messages.fieldType, sort: messages.fieldUnknownChoice },
          ],
        ];
        for (const [query, fields] of cases)
          assertError(await list(query), 400, messages.invalidQuery, fields);
      });
    });

    test('Infinity as page, per_page, id or brand_id is a 400, never a 5xx', async () => {
      for (const query of ['page=Infinity', 'page=1e400', 'per_page=Infinity', 'per_page=-Infinity'])
        assert.equal((await list(query)).statusCode, 400, query);
      for (const id of ['Infinity', '1e400'])
        assertError(await send('GET', `/api/machine/${id}`), 400, messages.invalidQuery, {
          id: messages.fieldType,
        });
      assertError(await create(body({ brand_id: 'Infinity' })), 400, messages.checkFields, {
        brand_id: messages.fieldType,
      });
    });

    test('every machine endpoint refuses a missing or unknown token with 401', async () => {
      const machine = await createOk();
      const calls = [
        ['GET', '/api/machines'],
        ['GET', `/api/machine/${machine.id}`],
        ['POST', '/api/machine'],
        ['PUT', `/api/machine/${machine.id}`],
      ] as const;
      for (const [method, url] of calls) {
        for (const headers of [
          {},
          auth('x'.repeat(43)),
          auth('Bearer'),
          { authorization: `Basic ${t.token}` },
        ]) {
          const response = await t.app.inject({
            method,
            url,
            headers,
            payload: method === 'GET' ? undefined : body({ name: `Ohne Token ${hex()}` }),
          });
          assertError(response, 401, messages.unauthorized);
        }
      }
      assert.equal(await t.repositories.machines.get(machine.id).then((m) => m?.name), machine.name);
    });
  });
}
