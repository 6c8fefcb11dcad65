import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { fieldMessages } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { drawPng } from '../../db/demo-images';
import { messages } from '../../messages';
import { auth, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';

const SQL = "'; DROP TABLE brands; --";
const HTML = '<img src=x onerror=alert(1)>';
const LONG = 'x'.repeat(100_000);
const BRAND_KEYS = ['email', 'id', 'logo', 'name', 'website_link'];

/** A unique brand name, so tests sharing one database never collide. */
const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;

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
  describe(`brands on ${kind}`, () => {
    let t: TestApp;
    let logo: string;
    before(async () => {
      t = await createTestApp(kind);
      logo = await t.repositories.uploads.store(
        drawPng(2, 2, () => [10, 20, 30]),
        { mime: 'image/png', ext: 'png' },
      );
    });
    after(() => t.close());

    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = t.token) =>
      t.app.inject({ method, url, payload: payload as object, headers: auth(token) });
    const create = (payload: unknown) => send('POST', '/api/brand', payload);
    const update = (id: number | string, payload: unknown) => send('PUT', `/api/brand/${id}`, payload);

    async function createOk(payload: object) {
      const response = await create(payload);
      assert.equal(response.statusCode, 201, response.body);
      return response.json();
    }

    test('create answers 201 with the stored brand, values trimmed, optional fields empty', async () => {
      const name = unique('Neue Marke');
      const full = await createOk({
        name: `  ${name} `,
        logo: ` ${logo} `,
        email: ' info@neu.example ',
        website_link: ' https://neu.example/ ',
      });
      assert.deepEqual(Object.keys(full).sort(), BRAND_KEYS);
      assert.equal(typeof full.id, 'number');
      assert.deepEqual(full, {
        id: full.id,
        name,
        logo,
        email: 'info@neu.example',
        website_link: 'https://neu.example/',
      });
      const bare = await createOk({ name: unique('Nur Name') });
      assert.deepEqual({ ...bare, id: 0 }, { id: 0, name: bare.name, logo: '', email: '', website_link: '' });
    });

    test('list answers {data} with every brand in exact shape, sorted by name regardless of case', async () => {
      const a = await createOk({ name: unique('aaa-liste') });
      const b = await createOk({ name: unique('AAB-Liste'), email: 'b@liste.example' });
      const response = await send('GET', '/api/brands');
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(Object.keys(body), ['data']);
      for (const brand of body.data) assert.deepEqual(Object.keys(brand).sort(), BRAND_KEYS);
      assert.deepEqual(
        body.data.find((x: { id: number }) => x.id === b.id),
        b,
      );
      const names = body.data.map((x: { name: string }) => x.name);
      assert.deepEqual(
        names,
        [...names].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())),
      );
      assert.ok(names.indexOf(a.name) < names.indexOf(b.name));
    });

    test('update answers 200 with the changed brand; renaming to its own name in other case is fine', async () => {
      const brand = await createOk({ name: unique('Alt') });
      const response = await update(brand.id, {
        name: brand.name.toUpperCase(),
        logo,
        email: 'neu@alt.example',
        website_link: 'http://alt.example',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        id: brand.id,
        name: brand.name.toUpperCase(),
        logo,
        email: 'neu@alt.example',
        website_link: 'http://alt.example',
      });
      const listed = (await send('GET', '/api/brands'))
        .json()
        .data.find((x: { id: number }) => x.id === brand.id);
      assert.deepEqual(listed, response.json());
      // Clearing the optional fields is allowed.
      const cleared = await update(brand.id, { name: brand.name });
      assert.equal(cleared.statusCode, 200);
      assert.deepEqual(cleared.json(), {
        id: brand.id,
        name: brand.name,
        logo: '',
        email: '',
        website_link: '',
      });
    });

    test('a name that exists already, in any case or with spaces, is a 409', async () => {
      const name = unique('Öl-Marke');
      const first = await createOk({ name });
      for (const same of [name, name.toUpperCase(), name.toLowerCase(), `  ${name}  `]) {
        assertError(await create({ name: same }), 409, messages.brandNameTaken, {
          name: fieldMessages.brandNameTaken,
        });
      }
      const other = await createOk({ name: unique('Andere') });
      assertError(await update(other.id, { name: name.toUpperCase() }), 409, messages.brandNameTaken, {
        name: fieldMessages.brandNameTaken,
      });
      const stored = (await t.repositories.brands.list()).filter(
        (b) => b.name.toLowerCase() === name.toLowerCase(),
      );
      assert.deepEqual(stored, [first]);
    });

    test('concurrent creates of one name give one 201 and 409 for the rest, never a 5xx', async () => {
      const name = unique('Gleichzeitig');
      const responses = await Promise.all(Array.from({ length: 6 }, () => create({ name })));
      const statuses = responses.map((r) => r.statusCode).sort();
      assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409], responses.map((r) => r.body).join('\n'));
      for (const r of responses.filter((x) => x.statusCode === 409)) {
        assertError(r, 409, messages.brandNameTaken, { name: fieldMessages.brandNameTaken });
      }
    });

    test('concurrent renames to one name give one 200 and 409 for the rest', async () => {
      const name = unique('Umbenannt');
      const brands = await Promise.all([1, 2, 3, 4].map(() => createOk({ name: unique('Vorher') })));
      const responses = await Promise.all(brands.map((b) => update(b.id, { name })));
      assert.deepEqual(
        responses.map((r) => r.statusCode).sort(),
        [200, 409, 409, 409],
        responses.map((r) => r.body).join('\n'),
      );
    });

    test('missing or wrong-typed fields are a 400 with a German message per field', async () => {
      const cases: [unknown, Record<string, string>][] = [
        [{}, { name: messages.fieldRequired }],
        [{ email: 'a@b.example' }, { name: messages.fieldRequired }],
        [{ name: '   ' }, { name: fieldMessages.required }],
        [{ name: {} }, { name: messages.fieldType }],
        [{ name: ['Marke'] }, { name: messages.fieldType }],
        [{ name: 'Marke', email: { x: 1 } }, { email: messages.fieldType }],
        [{ name: 'Marke', logo: [logo] }, { logo: messages.fieldType }],
        [
          { name: 'Marke', website_link: { href: 'https://x.example' } },
          { website_link: messages.fieldType },
        ],
      ];
      for (const [payload, fields] of cases) {
        assertError(await create(payload), 400, messages.checkFields, fields);
        const brand = (await t.repositories.brands.list())[0];
        assertError(await update(brand.id, payload), 400, messages.checkFields, fields);
      }
    });

    test('100 kB strings are a 400 with the length limit, not a 5xx', async () => {
      assertError(await create({ name: LONG }), 400, messages.checkFields, {
        name: messages.fieldTooLong(200),
      });
      assertError(
        await create({ name: unique('Lang'), email: `${LONG}@x.example` }),
        400,
        messages.checkFields,
        {
          email: messages.fieldTooLong(254),
        },
      );
      assertError(
        await create({ name: unique('Lang'), website_link: `https://x.example/${LONG}` }),
        400,
        messages.checkFields,
        { website_link: messages.fieldTooLong(2000) },
      );
      assertError(await create({ name: unique('Lang'), logo: LONG }), 400, messages.checkFields, {
        logo: messages.fieldTooLong(200),
      });
    });

    test('e-mail must be valid, website http(s), logo an uploaded image', async () => {
      const name = unique('Prüfung');
      const missingUpload = `uploads/${'0'.repeat(64)}.png`;
      const cases: [object, Record<string, string>][] = [
        [{ email: 'keine-mail' }, { email: fieldMessages.email }],
        [{ email: 'a@b' }, { email: fieldMessages.email }],
        [{ email: 'a b@c.example' }, { email: fieldMessages.email }],
        [{ website_link: 'javascript:alert(1)' }, { website_link: fieldMessages.url }],
        [{ website_link: 'ftp://marke.example' }, { website_link: fieldMessages.url }],
        [{ website_link: 'www.marke.example' }, { website_link: fieldMessages.url }],
        [{ logo: missingUpload }, { logo: messages.uploadChoose }],
        [{ logo: '../../etc/passwd' }, { logo: messages.uploadChoose }],
        [{ logo: 'https://evil.example/logo.png' }, { logo: messages.uploadChoose }],
        [{ logo: logo.replace('.png', '.gif') }, { logo: messages.uploadChoose }],
        [
          { email: 'x', website_link: 'javascript:x', logo: missingUpload },
          { email: fieldMessages.email, website_link: fieldMessages.url, logo: messages.uploadChoose },
        ],
      ];
      for (const [payload, fields] of cases) {
        assertError(await create({ name, ...payload }), 400, messages.checkFields, fields);
      }
      assert.ok(!(await t.repositories.brands.list()).some((b) => b.name === name));
    });

    test('malformed JSON is a 400 and a body that is not JSON a 415, on create and update', async () => {
      const brand = (await t.repositories.brands.list())[0];
      for (const [method, url] of [
        ['POST', '/api/brand'],
        ['PUT', `/api/brand/${brand.id}`],
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
            payload: JSON.stringify({ name: unique('Format') }),
            headers: { ...auth(t.token), 'content-type': type },
          });
          assertError(response, 415, messages.unsupportedMediaType);
        }
      }
    });

    test('update of a brand that does not exist is a 404; a bad id is a 400', async () => {
      assertError(await update(999_999, { name: unique('Niemand') }), 404, messages.brandNotFound);
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        assertError(await update(id, { name: unique('Niemand') }), 400, messages.invalidQuery, {
          id: messages.fieldType,
        });
      }
    });

    test('SQL and HTML are stored and returned verbatim as text; the table stays', async () => {
      const sqlBrand = await createOk({ name: SQL, email: 'x@y.example' });
      assert.equal(sqlBrand.name, SQL);
      const htmlBrand = await createOk({ name: HTML });
      assert.equal(htmlBrand.name, HTML);
      const list = (await send('GET', '/api/brands')).json().data;
      assert.ok(list.some((b: { name: string }) => b.name === SQL));
      assert.ok(list.some((b: { name: string }) => b.name === HTML));
      // A link may not contain spaces, so the payload's spaces are written as '+', as a browser would.
      const link = `https://x.example/?q=${SQL.replaceAll(' ', '+')}`;
      const renamed = await update(sqlBrand.id, { name: `${SQL} 2`, website_link: link });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().website_link, link);
      assert.ok((await t.repositories.brands.list()).length >= 2);
    });

    test('machines by brand answers that brand’s machines in exact shape, sorted by name', async () => {
      const brandName = unique('Maschinenmarke');
      const { brand, machine: zeta } = await seedMachine(t.repositories, {
        brand: brandName,
        name: 'zeta',
        prefix: 'Z1',
      });
      const { machine: alpha } = await seedMachine(t.repositories, {
        brand: brandName,
        name: 'Alpha',
        prefix: 'A1',
      });
      await seedMachine(t.repositories, { brand: unique('Fremd'), name: 'Fremde Maschine' });
      const response = await send('GET', `/api/machinesByBrand/${brand.id}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        data: [alpha, zeta].map((m) => ({
          id: m.id,
          name: m.name,
          image: m.image,
          electronic_circuit_board: m.electronic_circuit_board,
          serial_prefix: m.serial_prefix,
        })),
      });
      const empty = await createOk({ name: unique('Leer') });
      const none = await send('GET', `/api/machinesByBrand/${empty.id}`);
      assert.equal(none.statusCode, 200);
      assert.deepEqual(none.json(), { data: [] });
    });

    test('machines by brand: an unknown brand is a 404, a bad id a 400', async () => {
      assertError(await send('GET', '/api/machinesByBrand/999999'), 404, messages.brandNotFound);
      for (const id of ['abc', '0', '-5', '2147483648', '1e3x', "1'%20OR%20'1'='1"]) {
        assertError(await send('GET', `/api/machinesByBrand/${id}`), 400, messages.invalidQuery, {
          brandId: messages.fieldType,
        });
      }
    });

    test('every brand endpoint refuses a missing or unknown token with 401', async () => {
      const brand = (await t.repositories.brands.list())[0];
      const calls = [
        ['GET', '/api/brands'],
        ['POST', '/api/brand'],
        ['PUT', `/api/brand/${brand.id}`],
        ['GET', `/api/machinesByBrand/${brand.id}`],
      ] as const;
      for (const [method, url] of calls) {
        for (const headers of [{}, auth('x'.repeat(43)), auth('garbage token !')]) {
          const response = await t.app.inject({
            method,
            url,
            headers,
            payload: method === 'GET' ? undefined : { name: unique('Ohne') },
          });
          assertError(response, 401, messages.unauthorized);
        }
      }
      assert.ok(!(await t.repositories.brands.list()).some((b) => b.name.startsWith('Ohne ')));
    });
  });
}
