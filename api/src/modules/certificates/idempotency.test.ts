import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { IDEMPOTENCY_KEY_MAX, apiPaths, type ApiError, type PrintData } from 'contracts';
import { messages } from '../../messages';
import {
  TEST_COST,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
  apiUrl,
} from '../../test/harness';

for (const kind of kinds) {
  describe(`issuing with an Idempotency-Key on ${kind}`, () => {
    let t: TestApp;
    let base: string;
    before(async () => {
      t = await createTestApp(kind);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      base = `http://127.0.0.1:${port}`;
    });
    after(() => t.close());

    const issue = (body: object, key?: string, token = t.token) =>
      fetch(`${base}${apiUrl(apiPaths.certificateCreate())}`, {
        method: 'POST',
        headers: {
          ...auth(token),
          'content-type': 'application/json',
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        body: JSON.stringify(body),
      });

    const issuedFor = async (machineId: number) =>
      t.db
        .selectFrom('certificates')
        .select(['id', 'first_serial'])
        .where('machine_id', '=', machineId)
        .execute();

    test('the same key again answers with the same certificate, and issues nothing more', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const body = certificateBody(brand.id, machine.id, 3);
      const first = await issue(body, 'weiter-1');
      assert.equal(first.status, 200);
      const again = await issue(body, 'weiter-1');
      assert.equal(again.status, 200);
      assert.deepEqual(await again.json(), await first.json());
      assert.equal((await issuedFor(machine.id)).length, 1);
    });

    test('without a key every request issues, as the earlier app expects', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const body = certificateBody(brand.id, machine.id);
      assert.equal((await issue(body)).status, 200);
      assert.equal((await issue(body)).status, 200);
      assert.equal((await issuedFor(machine.id)).length, 2);
    });

    test('the same key with another request is a 409 and issues nothing', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      assert.equal((await issue(certificateBody(brand.id, machine.id, 2), 'weiter-2')).status, 200);
      const other = await issue(certificateBody(brand.id, machine.id, 5), 'weiter-2');
      assert.equal(other.status, 409);
      const { error } = (await other.json()) as ApiError;
      assert.equal(error.code, 'IDEMPOTENCY_KEY_REUSED');
      assert.equal(error.message, messages.idempotencyKeyReused);
      assert.equal((await issuedFor(machine.id)).length, 1);
    });

    test('a key is each account’s own: another account with the same key issues its own certificate', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      await t.repositories.users.add(
        { email: `zweite-${kind}@example.com`, password: 'zweites-Passwort-1' },
        TEST_COST,
      );
      const second = await t.login(`zweite-${kind}@example.com`, 'zweites-Passwort-1');
      const body = certificateBody(brand.id, machine.id);
      const mine = (await (await issue(body, 'gemeinsam')).json()) as PrintData[];
      const theirs = (await (await issue(body, 'gemeinsam', second)).json()) as PrintData[];
      assert.notEqual(theirs[0].id, mine[0].id);
      assert.equal((await issuedFor(machine.id)).length, 2);
    });

    test('the answer lost after the commit: the retry with the same key gets that certificate', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const body = JSON.stringify(certificateBody(brand.id, machine.id, 4));
      const { port } = new URL(base);
      // The request goes out whole; once it is stored, the connection is cut without reading the answer.
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/certificate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${t.token}\r\n` +
          `Content-Type: application/json\r\nIdempotency-Key: verloren-1\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      for (let i = 0; (await issuedFor(machine.id)).length === 0; i++) {
        assert.ok(i < 100, 'the first request was never stored');
        await new Promise((r) => setTimeout(r, 50));
      }
      socket.destroy();
      const retry = await issue(JSON.parse(body), 'verloren-1');
      assert.equal(retry.status, 200);
      const [stored] = await issuedFor(machine.id);
      assert.equal(((await retry.json()) as PrintData[])[0].serial_no, stored.first_serial);
      assert.equal((await issuedFor(machine.id)).length, 1);
    });

    test('20 concurrent requests with one key issue one certificate, and all get it', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const body = certificateBody(brand.id, machine.id, 10);
      const answers = await Promise.all(Array.from({ length: 20 }, () => issue(body, 'doppelklick')));
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(20).fill(200),
      );
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as PrintData[][];
      for (const answer of bodies) assert.deepEqual(answer, bodies[0]);
      assert.equal((await issuedFor(machine.id)).length, 1);
      const counter = await t.db
        .selectFrom('serial_counters')
        .select('last')
        .where('serial_base', '=', bodies[0][0].serialNoPart1)
        .executeTakeFirstOrThrow();
      // The losers' serials rolled back with them: the next certificate continues without a gap.
      assert.equal(Number(counter.last), bodies[0][0].recordsCount + 10 - 1);
    });

    for (const [what, key] of [
      ['empty', ''],
      ['too long', 'k'.repeat(IDEMPOTENCY_KEY_MAX + 1)],
      ['with a space', 'zwei teile'],
      ['with a non-ASCII letter', 'schlüssel'],
    ] as const) {
      test(`a key ${what} is refused with a German message and issues nothing`, async () => {
        const { brand, machine } = await seedMachine(t.repositories);
        const response = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.certificateCreate()),
          headers: { ...auth(t.token), 'idempotency-key': key },
          payload: certificateBody(brand.id, machine.id),
        });
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.json().error.fields['idempotency-key'], /^[A-ZÄÖÜ]/);
        assert.equal((await issuedFor(machine.id)).length, 0);
      });
    }
  });
}
