import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type AuditPage, type PrintData, type UnitView } from 'contracts';
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
import { day, MEASURED_PLAN, MEASURED_PLAN_PASSED, tester } from '../../test/measured-plan';

/** The unit page as an auditor reads it (api/src/modules/certificates/certificate-units.ts). */
for (const kind of kinds) {
  describe(`a unit's trail on ${kind}`, () => {
    let t: TestApp;
    let inspector: string;
    before(async () => {
      t = await createTestApp(kind);
      await t.repositories.users.add(
        {
          email: 'anna.pruef@example.com',
          name: 'Anna Prüferin',
          password: 'Anna-Passwort-1',
          roles: ['pruefer'],
        },
        TEST_COST,
      );
      inspector = await t.login('anna.pruef@example.com', 'Anna-Passwort-1');
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = t.token) =>
      t.app.inject({ method, url: apiUrl(path), headers: auth(token), payload });
    const json = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const answer = await response;
      assert.equal(answer.statusCode < 300, true, answer.body);
      return answer.json() as T;
    };

    /** A machine whose plan measures insulation per unit, two units issued by Anna with one instrument each. */
    async function issueMeasured() {
      const { brand, machine } = await seedMachine(t.repositories);
      await json(call('PUT', apiPaths.machineTestPlan(machine.id), { steps: MEASURED_PLAN, based_on: 0 }));
      const suffix = String(machine.id);
      const first = await json<{ id: number }>(
        call('POST', apiPaths.instruments(), tester(`PM-A${suffix}`, { due: day(200) })),
      );
      const second = await json<{ id: number }>(
        call('POST', apiPaths.instruments(), tester(`PM-B${suffix}`, { due: day(300) })),
      );
      const issued = async (instrumentId: number) => {
        const [certificate] = await json<PrintData[]>(
          call(
            'POST',
            apiPaths.certificateCreate(),
            {
              ...certificateBody(brand.id, machine.id, 1),
              results: {
                certificate: MEASURED_PLAN_PASSED,
                units: [{ insulation_resistance: '250' }],
                instruments: { insulation_resistance: instrumentId },
              },
            },
            inspector,
          ),
        );
        return certificate;
      };
      return { machine, first, second, one: await issued(first.id), other: await issued(second.id) };
    }

    test('each value names its instrument with inventory number and calibration due, and the plan version', async () => {
      const { first, one } = await issueMeasured();
      const view = await json<UnitView>(call('GET', apiPaths.unit(one.serials[0])));
      assert.deepEqual(view.instruments, [
        {
          attempt: 1,
          step_key: 'insulation_resistance',
          instrument_id: first.id,
          inventory_number: `PM-A${one.machine_id}`,
          name: 'Isolationsmessgerät 1000 V',
          due: day(200),
        },
      ]);
      assert.equal(view.certificate.test_record.plan_version, 1);
      assert.equal(view.certificate.test_record.units[0].attempts[0].tested_by_name, 'Anna Prüferin');
    });

    test('the sealed documents of the certificate are listed with their kind, each openable', async () => {
      const { one } = await issueMeasured();
      await t.runJobs();
      const voided = await call('POST', apiPaths.certificateVoid(one.id), {
        version: one.version,
        reason: 'Gehäuse beim Transport beschädigt',
      });
      assert.equal(voided.statusCode, 200, voided.body);
      await t.runJobs();
      const { documents } = await json<UnitView>(call('GET', apiPaths.unit(one.serials[0])));
      const whole = documents.filter((document) => document.scope === 'certificate');
      assert.deepEqual(
        whole.map(({ event, revision }) => [event, revision]),
        [
          ['issued', 1],
          ['voided', 1],
        ],
      );
      for (const document of documents) {
        const file = await call('GET', apiPaths.certificateDocumentBySeq(one.id, document.seq));
        assert.equal(file.statusCode, 200, file.body);
        assert.equal(file.headers['content-type'], 'application/pdf');
      }
    });

    test('the trail names people by name, and an instrument out of tolerance in every unit it measured', async () => {
      const { first, one, other } = await issueMeasured();
      // A calibration in tolerance concerns no unit: it stays in the instrument's history only.
      const fine = await call('POST', apiPaths.instrumentCalibrations(first.id), {
        calibrated_on: day(0),
        result: 'in_tolerance',
      });
      assert.equal(fine.statusCode, 200, fine.body);
      const found = await call('POST', apiPaths.instrumentCalibrations(first.id), {
        calibrated_on: day(0),
        result: 'out_of_tolerance',
        suspect_since: day(-1),
      });
      assert.equal(found.statusCode, 200, found.body);
      const trail = (serial: string) => json<AuditPage>(call('GET', apiPaths.unitEvents(serial)));

      const measured = (await trail(one.serials[0])).data;
      const calibrations = measured.filter((event) => event.action === 'instrument.calibrated');
      assert.equal(calibrations.length, 1, JSON.stringify(measured));
      const [calibration] = calibrations;
      assert.equal(calibration.subject_name, `PM-A${one.machine_id} Isolationsmessgerät 1000 V`);
      assert.equal(calibration.details.result, 'out_of_tolerance');
      const issued = measured.find((event) => event.action === 'certificate.issued');
      assert.equal(issued?.account_name, 'Anna Prüferin');
      assert.equal(issued?.account_email, 'anna.pruef@example.com');

      // The other unit was measured with the other instrument: the finding is none of its business.
      const untouched = (await trail(other.serials[0])).data;
      assert.deepEqual(
        untouched.map((event) => event.action),
        ['certificate.issued'],
      );
    });

    test('a unit that is not there, or a hostile serial, is a German 404 or 400, never a 500', async () => {
      const missing = await call('GET', apiPaths.unit('GIBTESNICHT'));
      assert.equal(missing.statusCode, 404);
      assert.match(missing.json().error.message, /nicht gefunden/);
      for (const serial of ["1' OR 1=1 --", '<script>', 'x'.repeat(500)]) {
        const response = await call('GET', `/units/${encodeURIComponent(serial)}/events`);
        assert.ok([400, 404].includes(response.statusCode), `${serial}: ${response.body}`);
        assert.equal(typeof response.json().error.message, 'string');
      }
    });
  });
}
