import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '../messages';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../test/harness';

for (const kind of kinds) {
  describe(`input rules on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    before(async () => {
      t = await createTestApp(kind);
      const { brand, machine } = await seedMachine(t.repositories, { prefix: 'NU' });
      brandId = brand.id;
      machineId = machine.id;
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, withToken = true) =>
      t.app.inject({ method, url, payload, headers: withToken ? auth(t.token) : {} });

    const machineBody = (name: string) => ({
      brand_id: brandId,
      name,
      serial_prefix: 'NX',
      electronic_circuit_board: 0,
    });

    // U+0000 in every kind of text a client can send; PostgreSQL cannot store it and answered 500.
    const NUL = 'a\u0000b';
    const cases: [string, () => ReturnType<typeof call>, string][] = [
      [
        'the public ?serial=',
        () => call('GET', `/api/brandMachineById/${machineId}?serial=%00`, undefined, false),
        'serial',
      ],
      [
        'the login e-mail',
        () => call('POST', '/api/login', { username: NUL, password: 'x' }, false),
        'username',
      ],
      ['the machine search', () => call('GET', '/api/machines?search=a%00b'), 'search'],
      ['the certificate search', () => call('GET', '/api/certificates?search=a%00b'), 'search'],
      ['a brand name', () => call('POST', '/api/brand', { name: NUL }), 'name'],
      [
        'a brand e-mail on change',
        () => call('PUT', `/api/brand/${brandId}`, { name: 'Testmarke', email: NUL }),
        'email',
      ],
      [
        'a machine field',
        () => call('POST', '/api/machine', { ...machineBody('N'), description: NUL }),
        'description',
      ],
      [
        'the checker',
        () => call('POST', '/api/certificate', { ...certificateBody(brandId, machineId), checked_by: NUL }),
        'checked_by',
      ],
    ];
    for (const [what, send, field] of cases) {
      test(`NUL in ${what}: 400 with a field message, nothing stored`, async () => {
        const counts = async () => ({
          brands: (await t.db.selectFrom('brands').select('id').execute()).length,
          machines: (await t.db.selectFrom('machines').select('id').execute()).length,
          certificates: (await t.db.selectFrom('certificates').select('id').execute()).length,
        });
        const before = await counts();
        const response = await send();
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(response.json().error.fields[field], messages.fieldNul);
        assert.deepEqual(await counts(), before);
      });
    }

    test('integer fields accept a plain string of digits, as the earlier app sends them', async () => {
      const body = {
        ...certificateBody(brandId, machineId),
        brand_id: String(brandId),
        machine_id: String(machineId),
        crowd: '3',
      };
      const response = await call('POST', '/api/certificate', body);
      assert.equal(response.statusCode, 200, response.body);
      const [printData] = response.json();
      assert.equal(printData.crowd, 3);
      assert.equal(printData.machine_id, machineId);
      const created = await call('POST', '/api/machine', {
        ...machineBody('Ziffern'),
        brand_id: String(brandId),
        electronic_circuit_board: '1',
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().electronic_circuit_board, 1);
    });

    for (const crowd of [
      true,
      false,
      '1.5',
      '1.0',
      '1e1',
      '+3',
      '-3',
      ' 3',
      '3 ',
      '',
      '0x3',
      '٣',
      '3'.repeat(16),
      null,
    ]) {
      test(`crowd ${JSON.stringify(crowd)} is still refused`, async () => {
        const response = await call('POST', '/api/certificate', {
          ...certificateBody(brandId, machineId),
          crowd,
        });
        assert.equal(response.statusCode, 400, response.body);
        assert.ok(response.json().error.fields.crowd, response.body);
      });
    }
  });
}
