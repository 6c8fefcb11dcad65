import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fromWire, type AuditAction, type AuditPage, type TypedAuditEvent } from 'contracts';
import { sql } from 'kysely';
import { drawPng } from '../../db/demo-images';
import { messages } from '../../messages';
import {
  STAFF,
  TEST_COST,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';

for (const kind of kinds) {
  describe(`audit trail on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const audit = async (query: Record<string, string | number> = {}) => {
      const response = await t.app.inject({
        url: '/api/audit',
        query: query as never,
        headers: auth(t.token),
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as AuditPage;
    };
    const latest = async <A extends AuditAction>(action: A, subjectId?: string) =>
      (await audit({ action, ...(subjectId && { subject_id: subjectId }), limit: 1 })).data[0] as Extract<
        TypedAuditEvent,
        { action: A }
      >;

    test('an issued certificate is recorded with its account, machine and serials', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 3),
      });
      const [printed] = response.json();
      const event = await latest('certificate.issued', String(printed.id));
      assert.equal(event.account_id, t.accountId);
      assert.equal(event.account_email, STAFF.email);
      assert.equal(event.subject_type, 'certificate');
      assert.deepEqual(event.details, {
        machine_id: machine.id,
        quantity: 3,
        first_serial: printed.serial_no,
        last_serial: printed.endSerialNo,
        // The plan tested against and how many units failed (docs/decisions/0010-test-record.md).
        plan_version: 0,
        failed_units: 0,
      });
    });

    test('a request that lost a race issues nothing and leaves no event: one event for one certificate', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/certificate',
          headers: { ...auth(t.token), 'idempotency-key': `rennen-${machine.id}` },
          payload: certificateBody(brand.id, machine.id, 2),
        });
      const answers = await Promise.all(Array.from({ length: 8 }, send));
      const id = String(answers[0].json()[0].id);
      assert.equal((await audit({ action: 'certificate.issued', subject_id: id })).data.length, 1);
    });

    test('a print, a reprint and the labels of a certificate are recorded; unknown ones and kinds are refused', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id),
      });
      const id = issued.json()[0].id;
      const printed = (kind: unknown, certificate: number | string = id) =>
        t.app.inject({
          method: 'POST',
          url: `/api/certificates/${certificate}/printed`,
          headers: auth(t.token),
          payload: { kind },
        });
      for (const kind of ['print', 'reprint', 'labels']) assert.equal((await printed(kind)).statusCode, 204);
      const events = await audit({ subject_type: 'certificate', subject_id: String(id) });
      assert.deepEqual(
        events.data.map((e) => e.action),
        ['labels.printed', 'certificate.reprinted', 'certificate.printed', 'certificate.issued'],
      );
      assert.ok(events.data.every((e) => e.account_id === t.accountId));
      const unknown = await printed('print', 2_000_000_000);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().error.message, messages.certificateNotFound);
      for (const [kind, certificate] of [
        ['kopie', id],
        [null, id],
        ['<script>', id],
        ['print', 'x'],
      ] as const)
        assert.equal((await printed(kind, certificate)).statusCode, 400);
      const noBody = await t.app.inject({
        method: 'POST',
        url: `/api/certificates/${id}/printed`,
        headers: auth(t.token),
      });
      assert.equal(noBody.statusCode, 400);
      const signedOut = await t.app.inject({
        method: 'POST',
        url: `/api/certificates/${id}/printed`,
        payload: { kind: 'print' },
      });
      assert.equal(signedOut.statusCode, 401);
      assert.equal((await audit({ subject_type: 'certificate', subject_id: String(id) })).data.length, 4);
    });

    test('brands and machines: created with their fields, changed with only what changed, before and after', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/brand',
        headers: auth(t.token),
        payload: { name: `Auditmarke ${kind}`, email: 'alt@example.com' },
      });
      const brand = created.json();
      assert.equal((await latest('brand.created', String(brand.id))).details.name, `Auditmarke ${kind}`);
      await t.app.inject({
        method: 'PUT',
        url: `/api/brand/${brand.id}`,
        headers: auth(t.token),
        payload: { ...brand, email: 'neu@example.com' },
      });
      assert.deepEqual((await latest('brand.changed', String(brand.id))).details, {
        before: { email: 'alt@example.com' },
        after: { email: 'neu@example.com' },
      });
      const { machine } = await seedMachine(t.repositories);
      await t.services.machines.update(
        machine.id,
        { ...machine, electronic_circuit_board: 1, observation: 'geändert' },
        t.accountId,
      );
      const changed = await latest('machine.changed', String(machine.id));
      assert.deepEqual(changed.details, { before: { observation: '' }, after: { observation: 'geändert' } });
      assert.equal(changed.account_id, t.accountId);
    });

    test('an uploaded image is recorded with its path', async () => {
      const form = new FormData();
      form.append('file', new Blob([drawPng(4, 4, () => [10, 20, 30])], { type: 'image/png' }), 'a.png');
      const request = new Request('http://localhost/api/upload', { method: 'POST', body: form });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...auth(t.token), 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      assert.equal(response.statusCode, 200, response.body);
      const { path } = response.json();
      assert.ok(Number((await latest('image.uploaded', path)).details.bytes) > 0);
    });

    test('sign-in, a failed sign-in (an unknown account too), the lockout and sign-out are recorded', async () => {
      const email = `audit-${kind}@example.com`;
      await t.repositories.users.add({ email, password: 'Passwort-fuer-Audit-1' }, TEST_COST);
      const token = await t.login(email, 'Passwort-fuer-Audit-1');
      const signedIn = await latest('auth.signed_in', email);
      assert.equal(signedIn.subject_type, 'account');
      assert.ok(signedIn.account_id);
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) });
      assert.equal((await latest('auth.signed_out')).account_id, signedIn.account_id);
      for (let i = 0; i < 5; i++)
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: email, password: 'falsch' },
        });
      const failed = await audit({ action: 'auth.sign_in_failed', subject_id: email });
      assert.equal(failed.data.length, 5);
      assert.equal(failed.data[0].account_id, signedIn.account_id);
      assert.equal((await latest('auth.locked_out', email)).details.by, 'account');
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'niemand@example.com', password: 'falsch' },
      });
      assert.equal((await latest('auth.sign_in_failed', 'niemand@example.com')).account_id, null);
    });

    test('pages by keyset: newest first, no event twice, the last page says so', async () => {
      const { brand, machine } = await seedMachine(t.repositories);
      for (let i = 0; i < 5; i++)
        await t.services.certificates.issue(fromWire(certificateBody(brand.id, machine.id)), t.accountId);
      const seen: number[] = [];
      let next: number | null | undefined;
      do {
        const page = await audit({
          action: 'certificate.issued',
          limit: 2,
          ...(next ? { before: next } : {}),
        });
        seen.push(...page.data.map((e) => e.id));
        next = page.next;
      } while (next);
      assert.deepEqual(
        seen,
        [...seen].sort((a, b) => b - a),
      );
      assert.equal(new Set(seen).size, seen.length);
      const all = await audit({ action: 'certificate.issued', limit: 100 });
      assert.deepEqual(
        seen,
        all.data.map((e) => e.id),
      );
      assert.equal(all.next, null);
    });

    test('filters by account and time; a range ending before it starts, a wrong date or action is a 400', async () => {
      const mine = await audit({ account_id: t.accountId, limit: 100 });
      assert.ok(mine.data.length > 0 && mine.data.every((e) => e.account_id === t.accountId));
      assert.equal((await audit({ to: '2000-01-01' })).data.length, 0);
      assert.ok((await audit({ from: '2000-01-01', to: '2100-01-01T00:00:00Z' })).data.length > 0);
      for (const [query, field] of [
        [{ from: '2026-11-23', to: '2026-11-22' }, 'to'],
        [{ from: '2026-13-45' }, 'from'],
        [{ from: 'gestern' }, 'from'],
        [{ action: 'certificate.deleted' }, 'action'],
        [{ limit: 0 }, 'limit'],
        [{ limit: 1000 }, 'limit'],
        [{ before: -1 }, 'before'],
      ] as const) {
        const response = await t.app.inject({
          url: '/api/audit',
          query: query as never,
          headers: auth(t.token),
        });
        assert.equal(response.statusCode, 400, `${JSON.stringify(query)}: ${response.body}`);
        assert.ok(response.json().error.fields[field], `${JSON.stringify(query)}: ${response.body}`);
      }
      const inverted = await t.app.inject({
        url: '/api/audit?from=2026-11-23&to=2026-11-22',
        headers: auth(t.token),
      });
      assert.equal(inverted.json().error.fields.to, messages.timeRangeInverted);
      assert.equal((await t.app.inject({ url: '/api/audit' })).statusCode, 401);
    });

    test('the database refuses to change or delete an event', async () => {
      await assert.rejects(sql`update audit_events set action = 'x'`.execute(t.db), /append-only/);
      await assert.rejects(sql`delete from audit_events`.execute(t.db), /append-only/);
      assert.ok((await audit()).data.length > 0);
    });
  });
}
