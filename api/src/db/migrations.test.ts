import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CERTIFICATE_DEFAULTS, DEFAULT_PLAN_STEPS, berlinIsoDate } from 'contracts';
import { sql, type Kysely } from 'kysely';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { auth, createTestDatabase, kinds, STAFF, TEST_COST, type TestDatabase } from '../test/harness';
import { migrate } from './database';
import { createRepositories } from '../dependencies';

const BEFORE_DOMAIN_NAMES = '2026-11-21T04-00-list-order';
const NOW = '2026-11-02T10:00:00.000Z';

/** A certificate as the earlier schema stored it, in its own column names. */
const OLD_CERTIFICATE = {
  checked_by: 'Jürgen Öztürk',
  checked_by_key: 'jürgen öztürk',
  search_key: 'altmaschine öl 7',
  crowd: 3,
  ...CERTIFICATE_DEFAULTS,
  origin_germany: 'POLAND',
  electronic_circuit_board: 1,
  machine_type: 'Altmaschine Öl 7',
  machine_image: '',
  serial_prefix: 'ALT',
  brand_name: 'Altmarke',
  brand_image: '',
  brand_email: 'info@alt.example',
  brand_website: 'https://alt.example',
  ean_number: '4006381333931',
  serial_no_part1: 'ALT2611',
  records_count: 41,
  serial_no: 'ALT2611041',
  end_serial_no: 'ALT2611043',
  created_at: NOW,
};

const withoutSearchKeys = ({ search_key: _m, checked_by_key: _c, ...printed }: typeof OLD_CERTIFICATE) =>
  printed;

for (const kind of kinds) {
  describe(`migrations on ${kind}`, () => {
    let testDb: TestDatabase;
    let app: App;
    let token: string;
    let ids: { brand: number; machine: number; certificate: number };

    before(async () => {
      testDb = await createTestDatabase(kind, BEFORE_DOMAIN_NAMES);
      // The schema as it was: typed loosely, as the old migrations are.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const old = testDb.database.db as unknown as Kysely<any>;
      const user = await old
        .insertInto('users')
        .values({ email: 'alt@example.com', name: 'Alt', password_hash: 'x', disabled: 0, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const brand = await old
        .insertInto('brands')
        .values({ name: 'Altmarke', name_key: 'altmarke', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const machine = await old
        .insertInto('machines')
        .values({
          brand_id: brand.id,
          name: 'Altmaschine Öl 7',
          name_key: 'altmaschine öl 7',
          search_key: 'altmaschine öl 7 4006381333931 alt',
          serial_prefix: 'ALT',
          ean_number: '4006381333931',
          link_en: 'https://alt.example/en',
          link_ger: 'https://alt.example/de',
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const certificate = await old
        .insertInto('certificates')
        .values({ ...OLD_CERTIFICATE, brand_id: brand.id, machine_id: machine.id, created_by: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await old
        .insertInto('certificate_units')
        .values(
          [0, 1, 2].map((k) => ({
            certificate_id: certificate.id,
            unit_index: k,
            serial: `ALT26110${41 + k}`,
          })),
        )
        .execute();
      await old.insertInto('serial_counters').values({ part1: 'ALT2611', last: 43 }).execute();
      await old.updateTable('totals').set({ value: 1 }).where('name', '=', 'certificates').execute();
      ids = { brand: brand.id, machine: machine.id, certificate: certificate.id };

      await migrate(testDb.database.db, { schema: testDb.schema });
      const config = { ...loadConfig({}), database: testDb.location };
      app = await buildApp({ config, database: testDb.database });
      await createRepositories(testDb.database).users.add(STAFF, TEST_COST);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: STAFF.email, password: STAFF.password },
      });
      token = login.json().token;
    });
    after(async () => {
      await app.close();
      await testDb.drop();
    });

    test('a certificate stored under the old column names reads back unchanged on the wire', async () => {
      const response = await app.inject({
        url: `/api/certificates/${ids.certificate}`,
        headers: auth(token),
      });
      assert.equal(response.statusCode, 200, response.body);
      // Columns whose old name was not the wire name; the others are the wire names themselves.
      const { serial_no_part1, records_count, end_serial_no, ...sameOnTheWire } =
        withoutSearchKeys(OLD_CERTIFICATE);
      assert.deepEqual(response.json(), {
        ...sameOnTheWire,
        id: ids.certificate,
        brand_id: ids.brand,
        machine_id: ids.machine,
        serialNoPart1: serial_no_part1,
        recordsCount: records_count,
        endSerialNo: end_serial_no,
        // Its units as stored under the old schema.
        serials: ['ALT2611041', 'ALT2611042', 'ALT2611043'],
        // An old certificate stands as issued, never revised or voided (migration 2026-11-23T05-00-lifecycle).
        status: 'issued',
        revision: 1,
        version: 1,
        voided_units: 0,
        revised_at: null,
        replaces_issued_at: null,
        replaced_at: null,
        voided_at: null,
        void_reason: null,
        voided_serials: [],
        // Tested against the default plan, its checks the one attempt (migration 2026-11-25T10-00-test-record).
        verdict: 'released',
        failed_units: 0,
        test_record: {
          plan_version: 0,
          // The default plan's retest asks for the failed steps only (api/src/modules/certificates/certificate-view.ts).
          retest_all: false,
          steps: DEFAULT_PLAN_STEPS,
          verdict: 'released',
          tested_by_name: OLD_CERTIFICATE.checked_by,
          units: ['ALT2611041', 'ALT2611042', 'ALT2611043'].map((serial) => ({
            serial,
            release: 'released',
            attempts: [
              {
                attempt: 1,
                values: Object.fromEntries(
                  DEFAULT_PLAN_STEPS.map(({ key }) => [
                    key,
                    key === 'resistance_to_voltage' ? OLD_CERTIFICATE.resistance_to_voltage : 'pass',
                  ]),
                ),
                verdicts: Object.fromEntries(DEFAULT_PLAN_STEPS.map(({ key }) => [key, 'pass'])),
                passed: true,
                tested_by_name: OLD_CERTIFICATE.checked_by,
                tested_at: OLD_CERTIFICATE.created_at,
              },
            ],
            released_by_name: null,
            released_at: null,
            deviation_reason: null,
          })),
          instruments: [],
        },
      });
    });

    test('an old certificate counts in the month its serial base names, as the units per month counted it', async () => {
      const row = await testDb.database.db
        .selectFrom('certificates')
        .select('issue_month')
        .where('id', '=', ids.certificate)
        .executeTakeFirstOrThrow();
      assert.equal(row.issue_month, '2026-11');
      const brandMonths = await testDb.database.db.selectFrom('units_by_brand').select('month').execute();
      assert.deepEqual(
        brandMonths.map((r) => r.month),
        ['2026-11'],
      );
    });

    test('list, unit serial search, name search and sorting find the old rows', async () => {
      const list = async (query: string) =>
        (await app.inject({ url: `/api/certificates?${query}`, headers: auth(token) })).json();
      for (const query of ['', 'search=ALT2611042', 'search=altmaschine', 'search=j%C3%BCrgen', 'sort=crowd'])
        assert.deepEqual(
          (await list(query)).data.map((row: { id: number; crowd: number; machine_type: string }) => [
            row.id,
            row.crowd,
            row.machine_type,
          ]),
          [[ids.certificate, 3, 'Altmaschine Öl 7']],
          query,
        );
    });

    test('the machine search index holds the machines that existed before it', async () => {
      for (const search of ['altmaschine', 'ÖL 7', '33931', 'alt']) {
        const response = await app.inject({
          url: `/api/machines?search=${encodeURIComponent(search)}`,
          headers: auth(token),
        });
        assert.deepEqual(
          response.json().data.map((row: { id: number }) => row.id),
          [ids.machine],
          search,
        );
      }
    });

    test('an account from before the roles is an administrator with nothing to set up', async () => {
      const old = await testDb.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'alt@example.com')
        .executeTakeFirstOrThrow();
      assert.equal(old.roles, 'admin');
      assert.equal(old.must_change_password, 0);
      assert.equal(old.totp_secret, null);
    });

    test('the counter goes on from the old one, and the customer page confirms an old serial', async () => {
      const issued = await app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: auth(token),
        payload: {
          ...CERTIFICATE_DEFAULTS,
          brand_id: ids.brand,
          machine_id: ids.machine,
          checked_by: 'Neu',
          crowd: 1,
        },
      });
      assert.equal(issued.statusCode, 200, issued.body);
      const landing = await app.inject({ url: `/api/brandMachineById/${ids.machine}?serial=ALT2611043` });
      assert.equal(landing.json().serial.verified, true);
      assert.equal(landing.json().serial.tested_at, berlinIsoDate(new Date(NOW)));
    });

    if (kind === 'postgres') {
      test('the change-notice triggers and their function are gone', async () => {
        const db = testDb.database.db;
        const triggers = await sql<{ count: number }>`
          select count(*)::int as count from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${testDb.schema} and t.tgname like '%changed'`.execute(db);
        assert.equal(triggers.rows[0].count, 0);
        const functions = await sql<{ count: number }>`
          select count(*)::int as count from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where p.proname = 'notify_change' and n.nspname = ${testDb.schema}`.execute(db);
        assert.equal(functions.rows[0].count, 0);
      });
    }
  });
}
