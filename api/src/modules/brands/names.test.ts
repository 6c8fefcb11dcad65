import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fieldMessages } from 'contracts';
import { migrate } from '../../db/database';
import { messages } from '../../messages';
import { auth, createTestApp, createTestDatabase, kinds, type TestApp } from '../../test/harness';

/** Look-alike names (docs/architecture.md#security): one name, however its characters are encoded. */
for (const kind of kinds) {
  describe(`look-alike names on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: auth(t.token) });
    const brand = (name: string) =>
      send('POST', '/api/brand', { name, logo: '', email: 'info@bds.example', website_link: '' });
    const machine = (name: string) =>
      send('POST', '/api/machine', {
        brand_id: brandId,
        name,
        serial_prefix: '485',
        ean_number: '4006381333931',
        link_en: 'https://bds.example/en',
        link_ger: 'https://bds.example/de',
        image: '',
        electronic_circuit_board: 1,
        voltage_resistance: '',
        observation: '',
        description: '',
      });

    test('a brand name is unique in its compatibility form; invisible characters are refused', async () => {
      const first = await brand('BDS Maschinen');
      assert.equal(first.statusCode, 201, first.body);
      brandId = first.json().id;
      // Full width, and a ligature: the same name to a reader.
      for (const lookAlike of ['ＢＤＳ Maschinen', 'bds maschinen', 'BDS Maschinen'.normalize('NFD')]) {
        const twin = await brand(lookAlike);
        assert.equal(twin.statusCode, 409, lookAlike);
        assert.equal(twin.json().error.fields.name, fieldMessages.brandNameTaken);
      }
      for (const hidden of ['BDS Maschinen\u200b', 'BDS\u00adMaschinen', 'BD\ufeffS', 'B\u2060DS']) {
        const refused = await brand(hidden);
        assert.equal(refused.statusCode, 400, JSON.stringify(hidden));
        assert.equal(refused.json().error.fields.name, messages.fieldInvisible);
      }
      const ligature = await brand('Oﬃce Maschinen');
      assert.equal(ligature.statusCode, 201);
      assert.equal((await brand('Office Maschinen')).statusCode, 409);
    });

    test('a machine name is unique per brand in the same form; umlauts are stored in NFC', async () => {
      const stored = await machine('Kernbohrer Ö'.normalize('NFD'));
      assert.equal(stored.statusCode, 201, stored.body);
      assert.equal(stored.json().name, 'Kernbohrer Ö'.normalize('NFC'));
      assert.equal((await machine('ＫＥＲＮＢＯＨＲＥＲ Ö')).statusCode, 409);
      const hidden = await machine('Kernbohrer\u200d Ö');
      assert.equal(hidden.statusCode, 400);
      assert.equal(hidden.json().error.fields.name, messages.fieldInvisible);
    });

    test('direction controls and lone surrogates are refused in any text, alike on both databases', async () => {
      for (const [text, message] of [
        ['Max \u202eremmuM', messages.fieldInvisible],
        ['Max \u2067Mustermann\u2069', messages.fieldInvisible],
        ['Max \ud800 Mustermann', messages.fieldBrokenText],
        ['Max \udc00', messages.fieldBrokenText],
      ]) {
        const refused = await brand(text);
        assert.equal(refused.statusCode, 400, JSON.stringify(text));
        assert.equal(refused.json().error.fields.name, message);
        const checker = await send('POST', '/api/certificate', { checked_by: text });
        assert.equal(checker.statusCode, 400);
        assert.equal(checker.json().error.fields.checked_by, message);
      }
      // A whole pair is a character like any other.
      assert.equal((await brand('Maschinen 😀')).statusCode, 201);
    });
  });

  test(`migration 2026-11-25T11-00 folds the stored keys and keeps look-alikes apart on ${kind}`, async () => {
    const testDb = await createTestDatabase(kind, '2026-11-25T10-00-test-record');
    try {
      const { db } = testDb.database;
      const now = new Date().toISOString();
      for (const name of ['BDS Maschinen', 'ＢＤＳ Maschinen', 'BDS Maschinen\u200b', 'Zeta'])
        await db
          .insertInto('brands')
          .values({
            name,
            name_key: name.normalize('NFC').toLowerCase(),
            logo: '',
            email: '',
            website_link: '',
            created_at: now,
            updated_at: now,
          })
          .execute();
      await migrate(db, { schema: testDb.schema });
      const keys = await db.selectFrom('brands').select(['id', 'name_key']).orderBy('id').execute();
      assert.deepEqual(
        keys.map((row) => row.name_key),
        ['bds maschinen', `bds maschinen #${keys[1].id}`, `bds maschinen #${keys[2].id}`, 'zeta'],
      );
    } finally {
      await testDb.drop();
    }
  });
}
