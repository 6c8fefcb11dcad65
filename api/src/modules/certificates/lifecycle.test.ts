import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CHECK_NOT_OK,
  REASON_MAX,
  type ApiError,
  type AuditPage,
  type CertificateHistory,
  type PrintData,
  type UnitView,
  apiPaths,
} from 'contracts';
import { messages } from '../../messages';
import {
  TEST_COST,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';

for (const kind of kinds) {
  describe(`certificate lifecycle on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: auth(t.token), payload });

    async function issue(quantity = 3) {
      const { brand, machine } = await seedMachine(t.repositories);
      const response = await call(
        'POST',
        apiPaths.certificateCreate(),
        certificateBody(brand.id, machine.id, quantity),
      );
      assert.equal(response.statusCode, 200, response.body);
      const [certificate] = response.json() as PrintData[];
      const serials = Array.from(
        { length: quantity },
        (_, k) => `${certificate.serialNoPart1}${String(certificate.recordsCount + k).padStart(3, '0')}`,
      );
      return { certificate, serials, brand, machine };
    }

    /** A revision request that corrects the checker and the accessories of `certificate`. */
    const correction = (certificate: PrintData, more: object = {}) => ({
      version: certificate.version,
      reason: 'Prüfer falsch eingetragen',
      checked_by: 'Erika Musterfrau',
      perpendicularity: certificate.perpendicularity,
      tolerance_of_spindle: certificate.tolerance_of_spindle,
      magnet_base_switch: certificate.magnet_base_switch,
      motor_switch: certificate.motor_switch,
      guide: certificate.guide,
      isolation: certificate.isolation,
      insulation_resistance: certificate.insulation_resistance,
      accessories: CHECK_NOT_OK,
      technical_certification: certificate.technical_certification,
      resistance_to_voltage: certificate.resistance_to_voltage,
      observation: certificate.observation,
      origin_germany: certificate.origin_germany,
      electronic_circuit_board: certificate.electronic_circuit_board,
      ...more,
    });

    const current = async (id: number) => (await call('GET', apiPaths.certificate(id))).json() as PrintData;
    const history = async (id: number) =>
      (await call('GET', apiPaths.certificateHistory(id))).json() as CertificateHistory;
    const events = async (url: string) => ((await call('GET', url)).json() as AuditPage).data;
    const landing = async (machineId: number, serial: string) =>
      (await t.app.inject({ url: `/api/brandMachineById/${machineId}?serial=${serial}` })).json().serial;
    const errorOf = (response: { json(): unknown }) => (response.json() as ApiError).error;

    /** What a refused change must leave as it was: the certificate, its revisions and its events. */
    async function unchanged(id: number, run: () => Promise<void>) {
      const snapshot = async () => ({
        certificate: await current(id),
        history: await history(id),
        events: await events(apiPaths.certificateEvents(id)),
      });
      const before = await snapshot();
      await run();
      assert.deepEqual(await snapshot(), before);
    }

    test('a revision keeps the number and serials, counts up, and keeps the one it replaces', async () => {
      const { certificate } = await issue();
      const response = await call(
        'POST',
        `/certificates/${certificate.id}/revisions`,
        correction(certificate),
      );
      assert.equal(response.statusCode, 200, response.body);
      const revised = response.json() as PrintData;
      assert.equal(revised.id, certificate.id);
      assert.equal(revised.serial_no, certificate.serial_no);
      assert.equal(revised.endSerialNo, certificate.endSerialNo);
      assert.equal(revised.created_at, certificate.created_at);
      assert.equal(revised.checked_by, 'Erika Musterfrau');
      assert.equal(revised.accessories, CHECK_NOT_OK);
      assert.equal(revised.revision, 2);
      assert.equal(revised.version, 2);
      assert.equal(revised.status, 'revised');
      assert.equal(revised.replaces_issued_at, certificate.created_at);
      assert.ok(revised.revised_at && revised.revised_at >= certificate.created_at);
      assert.deepEqual(await current(certificate.id), revised);

      const first = (await call('GET', apiPaths.certificateRevision(certificate.id, 1))).json() as PrintData;
      // Its own fields, with where the certificate stands now: status, version and the test record the
      // revision corrected (corrected-tests.ts).
      const { verdict, failed_units, test_record } = revised;
      assert.deepEqual(
        { ...first, replaced_at: null },
        { ...certificate, revision: 1, version: 2, status: 'revised', verdict, failed_units, test_record },
      );
      assert.equal(first.replaced_at, revised.revised_at);
      assert.deepEqual((await call('GET', apiPaths.certificateRevision(certificate.id, 2))).json(), revised);
      for (const missing of [3, 99])
        assert.equal(
          (await call('GET', apiPaths.certificateRevision(certificate.id, missing))).statusCode,
          404,
        );

      const { revisions } = await history(certificate.id);
      assert.deepEqual(
        revisions.map(({ revision, reason, replaced_at }) => [revision, reason, replaced_at]),
        [
          [2, 'Prüfer falsch eingetragen', null],
          [1, null, revised.revised_at],
        ],
      );
      assert.equal(revisions[0].issued_by_email, 'staff@example.com');

      const [event] = await events(apiPaths.certificateEvents(certificate.id));
      assert.equal(event.action, 'certificate.revised');
      assert.deepEqual(event.details, {
        revision: 2,
        reason: 'Prüfer falsch eingetragen',
        before: { checked_by: 'Max Mustermann', accessories: 'OK' },
        after: { checked_by: 'Erika Musterfrau', accessories: CHECK_NOT_OK },
      });
    });

    test('the quality department revises too (after an impact entry), audited as its own; voiding stays the inspector’s', async () => {
      const { certificate } = await issue(1);
      const quality = {
        email: 'qualitaet@example.com',
        password: 'Qualitaet-Passwort-1',
        name: 'Quirin Qualität',
      };
      await t.repositories.users.add({ ...quality, roles: ['freigabe'] }, TEST_COST);
      const headers = auth(await t.login(quality.email, quality.password));
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/certificates/${certificate.id}/revisions`,
        headers,
        payload: correction(certificate),
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((response.json() as PrintData).revision, 2);
      const { revisions } = await history(certificate.id);
      assert.equal(revisions[0].issued_by_email, quality.email);
      // People by name where they have one; the revision before by the e-mail of an account without one.
      assert.deepEqual(
        revisions.map((revision) => revision.issued_by_name),
        [quality.name, revisions[1].issued_by_email],
      );
      const [event] = await events(apiPaths.certificateEvents(certificate.id));
      assert.equal(event.action, 'certificate.revised');
      assert.equal(event.account_email, quality.email);
      const voided = await t.app.inject({
        method: 'POST',
        url: `/api${apiPaths.certificateVoid(certificate.id)}`,
        headers,
        payload: { version: 2, reason: 'Falsch ausgestellt' },
      });
      assert.equal(voided.statusCode, 403, voided.body);
    });

    test('a third revision replaces the second, and names the second’s date', async () => {
      const { certificate } = await issue(1);
      const second = (
        await call('POST', apiPaths.certificateRevisions(certificate.id), correction(certificate))
      ).json() as PrintData;
      const response = await call(
        'POST',
        `/certificates/${certificate.id}/revisions`,
        correction(second, { checked_by: 'Jürgen Prüfer', reason: 'Noch einmal' }),
      );
      assert.equal(response.statusCode, 200, response.body);
      const third = response.json() as PrintData;
      assert.equal(third.revision, 3);
      assert.equal(third.replaces_issued_at, second.revised_at);
      const printedSecond = (
        await call('GET', apiPaths.certificateRevision(certificate.id, 2))
      ).json() as PrintData;
      assert.equal(printedSecond.checked_by, 'Erika Musterfrau');
      assert.equal(printedSecond.revised_at, second.revised_at);
      assert.equal(printedSecond.replaces_issued_at, certificate.created_at);
      assert.equal(printedSecond.replaced_at, third.revised_at);
    });

    test('every bad revision gets a clear 4xx and changes nothing', async () => {
      const { certificate, machine } = await issue();
      const url = `/certificates/${certificate.id}/revisions`;
      const cases: [object, number, (error: ApiError['error']) => void][] = [
        [{ ...correction(certificate), reason: undefined }, 400, (e) => assert.ok(e.fields?.reason)],
        [
          correction(certificate, { reason: '   ' }),
          400,
          (e) => assert.equal(e.fields?.reason, messages.reasonRequired),
        ],
        [
          correction(certificate, { reason: 'x'.repeat(REASON_MAX + 1) }),
          400,
          (e) => assert.ok(e.fields?.reason),
        ],
        [correction(certificate, { reason: 'a\u0000b' }), 400, (e) => assert.ok(e.fields?.reason)],
        [correction(certificate, { checked_by: ' ' }), 400, (e) => assert.ok(e.fields?.checked_by)],
        [correction(certificate, { accessories: 'FAST OK' }), 400, (e) => assert.ok(e.fields?.accessories)],
        [correction(certificate, { version: 'eins' }), 400, (e) => assert.ok(e.fields?.version)],
        [
          correction(certificate, { machine_id: machine.id + 1000 }),
          400,
          (e) => assert.equal(e.fields?.machine_id, messages.notRevisable),
        ],
        [
          correction(certificate, { serial_prefix: 'XYZ' }),
          400,
          (e) => assert.equal(e.fields?.serial_prefix, messages.notRevisable),
        ],
        [
          correction(certificate, {
            checked_by: certificate.checked_by,
            accessories: certificate.accessories,
          }),
          400,
          (e) => assert.equal(e.message, messages.nothingChanged),
        ],
        [
          correction(certificate, { version: certificate.version + 1 }),
          409,
          (e) => assert.deepEqual([e.code, e.message], ['STALE_VERSION', messages.staleVersion]),
        ],
      ];
      for (const [payload, status, check] of cases)
        await unchanged(certificate.id, async () => {
          const response = await call('POST', url, payload);
          assert.equal(response.statusCode, status, `${JSON.stringify(payload)}: ${response.body}`);
          check(errorOf(response));
        });
      // The machine sent as it is changes nothing and is no reason to refuse.
      const same = await call('POST', url, correction(certificate, { machine_id: machine.id }));
      assert.equal(same.statusCode, 200, same.body);
      for (const id of [999_999, 0, -1, 'abc'])
        assert.equal(
          (await call('POST', `/certificates/${id}/revisions`, correction(certificate))).statusCode,
          id === 999_999 ? 404 : 400,
        );
    });

    test('voiding one unit withdraws that serial only: on the customer page, the list and the unit', async () => {
      const { certificate, serials, machine } = await issue(3);
      const response = await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: 1,
        reason: 'Beim Transport beschädigt',
        serials: [serials[1], serials[1]],
      });
      assert.equal(response.statusCode, 200, response.body);
      const voided = response.json() as PrintData;
      assert.equal(voided.status, 'partly_voided');
      assert.equal(voided.voided_units, 1);
      assert.deepEqual(voided.voided_serials, [serials[1]]);
      assert.equal(voided.voided_at, null);
      assert.equal(voided.version, 2);

      assert.deepEqual(await landing(machine.id, serials[1]), {
        value: serials[1],
        verified: false,
        tested_at: null,
        withdrawn: true,
      });
      for (const serial of [serials[0], serials[2]]) {
        const shown = await landing(machine.id, serial);
        assert.equal(shown.verified, true);
        assert.equal(shown.withdrawn, false);
      }

      const unit = (await call('GET', apiPaths.unit(serials[1]))).json() as UnitView;
      assert.equal(unit.unit.void_reason, 'Beim Transport beschädigt');
      assert.equal(unit.unit.unit_index, 1);
      assert.equal(unit.certificate.id, certificate.id);
      assert.equal((await call('GET', apiPaths.unit(serials[0]))).json().unit.voided_at, null);
      assert.equal((await call('GET', apiPaths.unit('GIBTESNICHT'))).statusCode, 404);

      const unitEvents = await events(apiPaths.unitEvents(serials[1]));
      assert.deepEqual(
        unitEvents.map(({ action }) => action),
        ['unit.voided', 'certificate.issued'],
      );
      assert.deepEqual(unitEvents[0].details, {
        certificate_id: certificate.id,
        reason: 'Beim Transport beschädigt',
      });
      assert.deepEqual(
        (await events(apiPaths.unitEvents(serials[0]))).map(({ action }) => action),
        ['certificate.issued'],
      );

      const row = (await call('GET', `${apiPaths.certificates()}?search=${serials[1]}`)).json().data[0];
      assert.deepEqual([row.status, row.voided_units, row.revision], ['partly_voided', 1, 1]);
      assert.deepEqual(
        (await history(certificate.id)).units.map(({ serial, voided_at }) => [serial, voided_at !== null]),
        serials.map((serial, k) => [serial, k === 1]),
      );
    });

    test('every bad void gets a clear 4xx and changes nothing', async () => {
      const { certificate, serials } = await issue(2);
      const other = await issue(1);
      await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: 1,
        reason: 'Defekt',
        serials: [serials[0]],
      });
      const url = `/certificates/${certificate.id}/void`;
      const valid = { version: 2, reason: 'Defekt', serials: [serials[1]] };
      const cases: [object, number, (error: ApiError['error']) => void][] = [
        [{ ...valid, reason: undefined }, 400, (e) => assert.ok(e.fields?.reason)],
        [{ ...valid, reason: '\t ' }, 400, (e) => assert.equal(e.fields?.reason, messages.reasonRequired)],
        [{ ...valid, reason: 'x'.repeat(REASON_MAX + 1) }, 400, (e) => assert.ok(e.fields?.reason)],
        [{ ...valid, serials: [] }, 400, (e) => assert.ok(e.fields?.serials)],
        [{ ...valid, serials: Array(101).fill(serials[1]) }, 400, (e) => assert.ok(e.fields?.serials)],
        [{ ...valid, serials: [42] }, 400, (e) => assert.ok(e.fields)],
        [
          { ...valid, serials: ['GIBTESNICHT'] },
          400,
          (e) => assert.equal(e.fields?.serials, messages.unitUnknown('GIBTESNICHT')),
        ],
        [
          { ...valid, serials: [serials[1], other.serials[0]] },
          400,
          (e) => assert.equal(e.fields?.serials, messages.unitOfOtherCertificate(other.serials[0])),
        ],
        [
          { ...valid, serials: [serials[0]] },
          400,
          (e) => assert.equal(e.fields?.serials, messages.unitAlreadyVoided(serials[0])),
        ],
        [{ ...valid, version: 1 }, 409, (e) => assert.equal(e.code, 'STALE_VERSION')],
      ];
      for (const [payload, status, check] of cases)
        await unchanged(certificate.id, async () => {
          const response = await call('POST', url, payload);
          assert.equal(response.statusCode, status, `${JSON.stringify(payload)}: ${response.body}`);
          check(errorOf(response));
        });
      assert.equal((await call('POST', apiPaths.certificateVoid(999999), valid)).statusCode, 404);
      // The other certificate was not touched by the attempt that named its unit.
      assert.equal((await current(other.certificate.id)).voided_units, 0);
    });

    test('a whole void withdraws every unit, ends all changes, and its serials are never issued again', async () => {
      const { certificate, serials, machine, brand } = await issue(2);
      const response = await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: 1,
        reason: 'Falsche Maschine gewählt',
      });
      assert.equal(response.statusCode, 200, response.body);
      const voided = response.json() as PrintData;
      assert.deepEqual(
        [voided.status, voided.voided_units, voided.void_reason, voided.voided_serials],
        ['voided', 2, 'Falsche Maschine gewählt', serials],
      );
      assert.ok(voided.voided_at);
      for (const serial of serials) assert.equal((await landing(machine.id, serial)).withdrawn, true);
      const [event] = await events(apiPaths.certificateEvents(certificate.id));
      assert.deepEqual(
        [event.action, event.details],
        ['certificate.voided', { reason: 'Falsche Maschine gewählt' }],
      );

      await unchanged(certificate.id, async () => {
        for (const [url, payload] of [
          [apiPaths.certificateRevisions(certificate.id), correction(voided)],
          [apiPaths.certificateVoid(certificate.id), { version: voided.version, reason: 'Noch einmal' }],
          [
            apiPaths.certificateVoid(certificate.id),
            { version: voided.version, reason: 'Noch einmal', serials: [serials[0]] },
          ],
        ] as const) {
          const refused = await call('POST', url, payload);
          assert.equal(refused.statusCode, 409, refused.body);
          assert.deepEqual(
            [errorOf(refused).code, errorOf(refused).message],
            ['CERTIFICATE_VOIDED', messages.certificateVoided],
          );
        }
      });

      const next = await call('POST', apiPaths.certificateCreate(), certificateBody(brand.id, machine.id, 2));
      const [reissued] = next.json() as PrintData[];
      assert.ok(reissued.recordsCount > certificate.recordsCount + 1);
      assert.ok(!serials.includes(reissued.serial_no) && !serials.includes(reissued.endSerialNo));
    });

    test('voiding the last units one by one voids the certificate', async () => {
      const { certificate, serials } = await issue(2);
      await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: 1,
        reason: 'A',
        serials: [serials[0]],
      });
      const last = await call('POST', apiPaths.certificateVoid(certificate.id), {
        version: 2,
        reason: 'B',
        serials: [serials[1]],
      });
      assert.deepEqual([last.json().status, last.json().voided_units], ['voided', 2]);
    });

    test('a revision after a partial void keeps the status that says units are voided', async () => {
      const { certificate, serials } = await issue(2);
      const partly = (
        await call('POST', apiPaths.certificateVoid(certificate.id), {
          version: 1,
          reason: 'A',
          serials: [serials[0]],
        })
      ).json() as PrintData;
      const revised = await call('POST', apiPaths.certificateRevisions(certificate.id), correction(partly));
      assert.deepEqual([revised.json().status, revised.json().revision], ['partly_voided', 2]);
    });

    test('changes made at the same time on one version: exactly one lands, the others are 409', async () => {
      const { certificate, serials } = await issue(3);
      const attempts = await Promise.all([
        ...Array.from({ length: 8 }, (_, k) =>
          call(
            'POST',
            `/certificates/${certificate.id}/revisions`,
            correction(certificate, { checked_by: `Prüfer ${k}` }),
          ),
        ),
        call('POST', apiPaths.certificateVoid(certificate.id), {
          version: 1,
          reason: 'Zugleich',
          serials: [serials[0]],
        }),
      ]);
      const statuses = attempts.map((response) => response.statusCode);
      assert.equal(statuses.filter((status) => status === 200).length, 1, String(statuses));
      assert.equal(statuses.filter((status) => status === 409).length, attempts.length - 1, String(statuses));
      const after = await current(certificate.id);
      assert.equal(after.version, 2);
      const { revisions } = await history(certificate.id);
      assert.equal(revisions.length, after.revision);
      assert.equal((await events(apiPaths.certificateEvents(certificate.id))).length, 2);
    });

    test('events page by keyset, newest first, and a machine lists its own changes', async () => {
      const { certificate, serials, machine } = await issue(2);
      for (const serial of serials)
        await call('POST', apiPaths.certificateVoid(certificate.id), {
          version: (await current(certificate.id)).version,
          reason: 'Test',
          serials: [serial],
        });
      const first = (
        await call('GET', `${apiPaths.certificateEvents(certificate.id)}?limit=2`)
      ).json() as AuditPage;
      assert.deepEqual(
        first.data.map(({ subject_id }) => subject_id),
        [serials[1], serials[0]],
      );
      assert.ok(first.next);
      const rest = (
        await call('GET', `${apiPaths.certificateEvents(certificate.id)}?limit=2&before=${first.next}`)
      ).json();
      assert.deepEqual(
        rest.data.map(({ action }: { action: string }) => action),
        ['certificate.issued'],
      );
      assert.equal(rest.next, null);
      for (const bad of ['limit=0', 'limit=101', 'before=abc', 'before=-1'])
        assert.equal(
          (await call('GET', `${apiPaths.certificateEvents(certificate.id)}?${bad}`)).statusCode,
          400,
          bad,
        );
      assert.equal((await call('GET', apiPaths.certificateEvents(999999))).statusCode, 404);
      assert.equal((await call('GET', apiPaths.certificateHistory(999999))).statusCode, 404);

      await t.services.machines.update(
        machine.id,
        { ...machine, electronic_circuit_board: 1, name: `${machine.name} neu` },
        t.accountId,
      );
      const machineEvents = await events(apiPaths.machineEvents(machine.id));
      assert.deepEqual(
        machineEvents.map(({ action }) => action),
        ['machine.changed'],
      );
      assert.equal((await call('GET', apiPaths.machineEvents(999999))).statusCode, 404);
    });

    test('every lifecycle call needs a signed-in account', async () => {
      const { certificate, serials } = await issue(1);
      for (const [method, url] of [
        ['POST', `/certificates/${certificate.id}/revisions`],
        ['POST', apiPaths.certificateVoid(certificate.id)],
        ['GET', apiPaths.certificateHistory(certificate.id)],
        ['GET', apiPaths.certificateEvents(certificate.id)],
        ['GET', apiPaths.certificateRevision(certificate.id, 1)],
        ['GET', apiPaths.unit(serials[0])],
        ['GET', apiPaths.unitEvents(serials[0])],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: `/api${url}`,
          payload: method === 'POST' ? {} : undefined,
        });
        assert.equal(response.statusCode, 401, url);
      }
    });
  });
}
