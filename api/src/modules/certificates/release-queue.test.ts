import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type PrintData, type ReleaseQueue } from 'contracts';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  TEST_COST,
  type TestApp,
} from '../../test/harness';
import { MEASURED_INSULATION, MEASURED_PLAN, MEASURED_PLAN_PASSED } from '../../test/measured-plan';

/** The measured plan without its instrument kind: the queue shows values, not the instruments that took them. */
const INSULATION = { ...MEASURED_INSULATION, instrument_kind: undefined };
const PLAN = MEASURED_PLAN.map((step) => (step.key === INSULATION.key ? INSULATION : step));
const PASSWORD = 'Freigabe-Passwort-1';
const INSPECTOR = {
  email: 'pruefer@example.com',
  password: PASSWORD,
  name: 'Prüfer Paul',
  roles: ['pruefer'],
};
const RELEASER = {
  email: 'qs@example.com',
  password: PASSWORD,
  name: 'Qualität Quentin',
  roles: ['freigabe'],
};
/** Tests and may release: only what others tested. */
const BOTH = {
  email: 'beides@example.com',
  password: PASSWORD,
  name: 'Beide Berta',
  roles: ['pruefer', 'freigabe'],
};
const READER = { email: 'lesen@example.com', password: PASSWORD, name: 'Lesen Lea', roles: ['lesen'] };

for (const kind of kinds) {
  describe(`the release queue on ${kind}`, () => {
    let t: TestApp;
    let brandId: number;
    let machineId: number;
    const tokens: Record<string, string> = {};

    const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const queue = (token = tokens.releaser, query = '') =>
      call('GET', `${apiPaths.releaseQueue()}${query}`, token);
    const serialsOf = (response: Awaited<ReturnType<typeof queue>>) =>
      (response.json() as ReleaseQueue).data.map((unit) => unit.serial);
    /** A certificate whose units measured `insulation` (MΩ, at least 1 passes), issued by `token`. */
    async function issue(token: string, ...insulation: string[]) {
      const response = await call('POST', apiPaths.certificateCreate(), token, {
        ...certificateBody(brandId, machineId, insulation.length),
        results: {
          certificate: MEASURED_PLAN_PASSED,
          units: insulation.map((value) => ({ insulation_resistance: value })),
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as PrintData[])[0];
    }

    let a: PrintData;
    let b: PrintData;
    let c: PrintData;

    before(async () => {
      t = await createTestApp(kind);
      ({
        brand: { id: brandId },
        machine: { id: machineId },
      } = await seedMachine(t.repositories, { prefix: 'RQ' }));
      for (const [name, account] of Object.entries({
        inspector: INSPECTOR,
        releaser: RELEASER,
        both: BOTH,
        reader: READER,
      })) {
        await t.repositories.users.add(account as Parameters<typeof t.repositories.users.add>[0], TEST_COST);
        tokens[name] = await t.login(account.email, account.password);
      }
      const plan = await call('PUT', apiPaths.machineTestPlan(machineId), t.token, {
        steps: PLAN,
        based_on: 0,
      });
      assert.equal(plan.statusCode, 200, plan.body);
      const settings = await call('PUT', apiPaths.settings(), t.token, { release_by_second_person: true });
      assert.equal(settings.statusCode, 200, settings.body);
      // A: unit 1 passes and waits, unit 2 fails; B waits; A's unit 2 passes its retest and waits from then on;
      // C is tested by someone who may also release.
      a = await issue(tokens.inspector, '5,0', '0,8');
      b = await issue(tokens.inspector, '3,0');
      const retest = await call('POST', apiPaths.unitAttempts(a.serials[1]), tokens.inspector, {
        values: { ...MEASURED_PLAN_PASSED, insulation_resistance: '2,5' },
        failure_reason: 'ISO',
      });
      assert.equal(retest.statusCode, 200, retest.body);
      c = await issue(tokens.both, '1,0');
    });
    after(() => t.close());

    test('lists the waiting units, the longest waiting first, with their values and the limits', async () => {
      const response = await queue();
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json() as ReleaseQueue;
      assert.equal(page.total, 4);
      assert.deepEqual(serialsOf(response), [a.serials[0], b.serials[0], a.serials[1], c.serials[0]]);
      const [first, , retested, last] = page.data;
      assert.equal(first.certificate_id, a.id);
      assert.equal(first.machine_name, a.machine_type);
      assert.equal(first.tested_by_name, INSPECTOR.name);
      assert.equal(last.tested_by_name, BOTH.name);
      assert.ok(first.plan_version >= 1);
      // Only the measured steps, with the plan version's limits and the last attempt's value.
      assert.deepEqual(
        first.measured.map(({ step, value }) => [step.key, step.lower, step.upper, step.unit, value]),
        [['insulation_resistance', 1, null, 'MΩ', '5,0']],
      );
      assert.equal(retested.measured[0].value, '2,5');
      assert.ok(retested.tested_at > first.tested_at);
    });

    test('pages through the queue and refuses hostile paging with a German 400', async () => {
      const second = await queue(tokens.releaser, '?page=2&per_page=3');
      assert.equal(second.statusCode, 200, second.body);
      assert.deepEqual(serialsOf(second), [c.serials[0]]);
      assert.equal((second.json() as ReleaseQueue).total, 4);
      const beyond = await queue(tokens.releaser, '?page=1000000&per_page=100');
      assert.deepEqual(beyond.json(), { data: [], total: 4 });
      for (const query of [
        '?page=0',
        '?page=-1',
        '?page=abc',
        '?page=1e400',
        '?page=1000001',
        '?per_page=0',
        '?per_page=101',
        '?per_page=1.5',
        '?per_page=10;drop table certificate_units',
        '?page=1&page=2',
        '?per_page=%00',
      ]) {
        const refused = await queue(tokens.releaser, query);
        assert.equal(refused.statusCode, 400, `${query}: ${refused.body}`);
        assert.match(refused.json().error.message, /Bitte|Eingabe|ungültig|prüfen/i, query);
      }
    });

    test('only the release right reads the queue: others get a German 403, no token a 401', async () => {
      for (const token of [tokens.inspector, tokens.reader]) {
        const refused = await queue(token);
        assert.equal(refused.statusCode, 403, refused.body);
        assert.match(refused.json().error.message, /Berechtigung|Rolle|nicht erlaubt|darf/i);
      }
      assert.equal((await t.app.inject({ url: apiUrl(apiPaths.releaseQueue()) })).statusCode, 401);
      assert.equal((await queue(t.token)).statusCode, 200, 'an administrator may do everything');
    });

    test('releasing from the queue keeps the second-person rule; released and voided units leave it', async () => {
      const release = (certificate: PrintData, serials: string[], token: string) =>
        call('POST', apiPaths.certificateRelease(certificate.id), token, { serials });
      const own = await release(c, [c.serials[0]], tokens.both);
      assert.equal(own.statusCode, 403, own.body);
      assert.equal(own.json().error.code, 'SAME_PERSON');
      assert.match(own.json().error.message, /zweite Person|Prüfer|selbst/i);
      // Two units at once, as the queue sends them: one call per certificate.
      for (const [certificate, serial] of [
        [a, a.serials[0]],
        [b, b.serials[0]],
      ] as const)
        assert.equal((await release(certificate, [serial], tokens.both)).statusCode, 200);
      assert.deepEqual(serialsOf(await queue()), [a.serials[1], c.serials[0]]);
      const again = await release(b, [b.serials[0]], tokens.releaser);
      assert.equal(again.statusCode, 409, 'a unit released meanwhile is refused');
      const voided = await call('POST', apiPaths.certificateVoid(c.id), t.token, {
        version: c.version,
        reason: 'Falsch ausgestellt',
      });
      assert.equal(voided.statusCode, 200, voided.body);
      assert.deepEqual(serialsOf(await queue()), [a.serials[1]]);
    });
  });
}
