import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { apiPaths, DEFAULT_PLAN_STEPS, type PrintData } from 'contracts';
import sharp from 'sharp';
import { HttpError } from '../../errors';
import { auth, certificateBody, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';
import { renderDocument } from './pdf-document';
import type { PdfInput, PdfScope, PdfSettings } from './pdf-input';
import { renderPdf } from './render-pdf';

const SETTINGS: PdfSettings = {
  webBase: 'https://pruef.example',
  inspectionDocument: '3.1',
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
};
const HINDI_TITLE = 'परीक्षण प्रमाणपत्र';

/** Runs a poppler tool on the document (poppler-utils, installed by .ci/run with Chromium's fonts). */
function poppler(bytes: Uint8Array, tool: string, ...args: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-pdf-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    fs.writeFileSync(file, bytes);
    const out = execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { cwd: dir });
    const attached = tool === 'pdfdetach' ? fs.readFileSync(path.join(dir, 'certificate.json'), 'utf8') : '';
    return { out: out.toString('utf8'), attached };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const pageCount = (bytes: Uint8Array) => Number(/Pages:\s+(\d+)/.exec(poppler(bytes, 'pdfinfo').out)?.[1]);

for (const kind of kinds) {
  describe(`the certificate as PDF/A-3 on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: auth(t.token), payload });

    /** A certificate of `quantity` units whose brand has a GIF logo (pdfkit takes PNG and JPEG only). */
    async function issue(quantity: number, checks: Record<string, string> = {}) {
      const gif = await sharp({
        create: { width: 120, height: 48, channels: 3, background: { r: 0, g: 70, b: 140 } },
      })
        .gif()
        .toBuffer();
      const logo = await t.repositories.uploads.store(gif, { mime: 'image/gif', ext: 'gif' } as never);
      const { brand, machine } = await seedMachine(t.repositories, { brand: `Marke ${quantity}${kind}` });
      await t.db.updateTable('brands').set({ logo }).where('id', '=', brand.id).execute();
      const response = await call('POST', apiPaths.certificateCreate(), {
        ...certificateBody(brand.id, machine.id, quantity),
        ...checks,
      });
      assert.equal(response.statusCode, 200, response.body);
      const [issued] = response.json() as PrintData[];
      const serials = (await call('GET', apiPaths.certificate(issued.id))).json().serials as string[];
      return { issued, serials };
    }

    const render = async (id: number, scope: PdfScope) =>
      (await renderPdf(await t.repositories.pdfInput(id, scope, SETTINGS))).bytes;

    test('every unit prints both copies, every font embedded, identified as PDF/A-3b, with its data attached', async () => {
      const { issued, serials } = await issue(2);
      const bytes = await render(issued.id, { kind: 'certificate' });
      assert.equal(Buffer.from(bytes.subarray(0, 8)).toString('latin1'), '%PDF-1.7');
      assert.equal(pageCount(bytes), 4);

      const fonts = poppler(bytes, 'pdffonts').out.trim().split('\n').slice(2);
      assert.ok(fonts.length >= 3, fonts.join('\n'));
      for (const font of fonts)
        assert.match(font, /\byes\s+yes\s+yes\b/, `not embedded as a subset: ${font}`);
      assert.ok(fonts.some((font) => font.includes('NotoSansDevanagari')));

      const meta = poppler(bytes, 'pdfinfo', '-meta').out;
      assert.match(meta, /<pdfaid:part>3<\/pdfaid:part>/);
      assert.match(meta, /<pdfaid:conformance>B<\/pdfaid:conformance>/);
      assert.match(poppler(bytes, 'pdfinfo').out, /Title:\s+Prüfbericht Nr\. \d+/);

      const pages = poppler(bytes, 'pdftotext').out;
      for (const serial of serials) assert.ok(pages.includes(serial), serial);
      assert.ok(pages.includes(HINDI_TITLE), 'the Hindi title is text, shaped and extractable');
      // The banner on each of the four sheets; each step's verdict in words (not a bare OK), in lower case.
      assert.equal(pages.match(/BESTANDEN \/ PASSED \/ CONFORME/g)?.length, 4);
      assert.equal(pages.match(/bestanden \/ passed \//g)?.length, 4 * DEFAULT_PLAN_STEPS.length);
      // The passing test released the units, no second person: a test report 2.2.
      assert.equal(pages.match(/Werkszeugnis 2\.2 nach EN 10204/g)?.length, 4);
      assert.ok(pages.includes('Test report 2.2 according to EN 10204'));
      assert.ok(!pages.includes('3.1'));
      // Sheets count through the file, not within each copy.
      for (const sheet of [1, 2, 3, 4])
        assert.ok(pages.includes(`Seite ${sheet} von 4`), `Seite ${sheet} von 4`);
      assert.equal(pages.match(/Kundenexemplar \/ Customer copy/g)?.length, 2);
      assert.equal(pages.match(/Werksexemplar \/ Factory copy/g)?.length, 2);
      assert.ok(pages.includes(SETTINGS.companyName));

      const attached = JSON.parse(poppler(bytes, 'pdfdetach', '-saveall').attached);
      assert.deepEqual(attached, (await call('GET', apiPaths.certificate(issued.id))).json());
    });

    test('the same state renders the same bytes', async () => {
      const { issued } = await issue(1);
      const first = await render(issued.id, { kind: 'certificate' });
      const again = await render(issued.id, { kind: 'certificate' });
      assert.ok(Buffer.from(first).equals(Buffer.from(again)));
    });

    test("a failed unit's customer copy says NICHT BESTANDEN and carries only that unit's data", async () => {
      const { issued, serials } = await issue(2, { motor_switch: 'NOT OK' });
      const bytes = await render(issued.id, { kind: 'customer-copy', serial: serials[1] });
      assert.equal(pageCount(bytes), 1);
      const page = poppler(bytes, 'pdftotext').out;
      assert.ok(page.includes('NICHT BESTANDEN / FAILED / NON CONFORME / NO CONFORME / NÃO CONFORME'));
      assert.ok(!/(^|[^T] )BESTANDEN \/ PASSED/.test(page), 'never a pass');
      assert.ok(page.includes('NOT OK'));
      assert.equal(page.match(/nicht bestanden \/\s+failed \//g)?.length, 1, 'the failed step in words');
      assert.ok(!page.includes('EN 10204'), 'a failed unit is certified as nothing');
      assert.ok(page.includes('Seite 1 von 1'));
      assert.ok(page.includes(serials[1]) && !page.includes(serials[0]));
      assert.ok(page.includes('Kundenexemplar') && !page.includes('Werksexemplar'));
      const attached = JSON.parse(poppler(bytes, 'pdfdetach', '-saveall').attached);
      const whole = (await call('GET', apiPaths.certificate(issued.id))).json();
      assert.deepEqual(attached.serials, [serials[1]]);
      assert.deepEqual(attached.test_record.units, [whole.test_record.units[1]]);
      assert.deepEqual(attached.test_record.steps, whole.test_record.steps);
    });

    test('a customer copy of an unknown, a foreign or a voided serial, or of no certificate, is refused', async () => {
      const { issued, serials } = await issue(2);
      const other = await issue(1);
      const refused = async (id: number, scope: PdfScope, status: number, words: RegExp) => {
        const error = await t.repositories.pdfInput(id, scope, SETTINGS).then(
          () => assert.fail('no error'),
          (caught: unknown) => caught,
        );
        assert.ok(error instanceof HttpError, String(error));
        assert.equal(error.statusCode, status);
        assert.match(error.message, words);
      };
      await refused(issued.id, { kind: 'customer-copy', serial: '999' }, 404, /999 gehört nicht/);
      await refused(issued.id, { kind: 'customer-copy', serial: other.serials[0] }, 404, /gehört nicht/);
      await refused(issued.id, { kind: 'customer-copy', serial: "<script>'" }, 404, /gehört nicht/);
      await refused(issued.id + 1000, { kind: 'certificate' }, 404, /nicht gefunden/);
      const voided = await call('POST', apiPaths.certificateVoid(issued.id), {
        version: 1,
        reason: 'Transportschaden',
        serials: [serials[0]],
      });
      assert.equal(voided.statusCode, 200, voided.body);
      await refused(issued.id, { kind: 'customer-copy', serial: serials[0] }, 409, /storniert/);
      // The whole certificate still renders: the voided unit's sheets are stamped (diagonal: -raw reads it).
      const pages = poppler(await render(issued.id, { kind: 'certificate' }), 'pdftotext', '-raw').out;
      assert.equal(pages.match(/STORNIERT \/ VOID/g)?.length, 2);
    });

    test('a unit awaiting release has no customer copy, and the whole certificate prints only its factory copy', async () => {
      const settings = await call('PUT' as 'POST', apiPaths.settings(), { release_by_second_person: true });
      assert.equal(settings.statusCode, 200, settings.body);
      try {
        const { issued, serials } = await issue(1);
        const error = await t.repositories
          .pdfInput(issued.id, { kind: 'customer-copy', serial: serials[0] }, SETTINGS)
          .catch((caught: unknown) => caught);
        assert.ok(error instanceof HttpError && error.statusCode === 409, String(error));
        const pages = poppler(await render(issued.id, { kind: 'certificate' }), 'pdftotext').out;
        assert.ok(pages.includes('ZUR FREIGABE') && !pages.includes('Kundenexemplar'));
      } finally {
        await call('PUT' as 'POST', apiPaths.settings(), { release_by_second_person: false });
      }
    });
  });
}

describe('the layout of the certificate document', () => {
  /** A stored certificate's print data without a database: the default plan, one passing unit. */
  const certificate = (): PdfInput['certificate'] =>
    ({
      id: 7,
      brand_id: 1,
      machine_id: 3,
      checked_by: 'Erika Muster',
      quantity: 1,
      ...Object.fromEntries(DEFAULT_PLAN_STEPS.map((step) => [step.key, 'OK'])),
      resistance_to_voltage: '1500 V',
      observation: '230 Volt, 50-60Hz',
      origin: 'GERMANY',
      electronic_circuit_board: 1,
      machine_name: 'Magnetbohrmaschine',
      machine_image: '',
      serial_prefix: '485',
      brand_name: 'Marke',
      brand_image: '',
      brand_email: 'info@marke.example',
      brand_website: 'https://marke.example',
      ean_number: '4006381333931',
      serial_base: '4852611',
      first_unit_number: 1,
      first_serial: '4852611001',
      last_serial: '4852611001',
      serials: ['4852611001'],
      created_at: '2026-11-25T09:00:00.000Z',
      revision: 1,
      version: 1,
      status: 'issued',
      revised_at: null,
      replaces_issued_at: null,
      replaced_at: null,
      voided_at: null,
      void_reason: null,
      voided_serials: [],
      verdict: 'released',
      failed_units: 0,
      test_record: {
        plan_version: 1,
        steps: [...DEFAULT_PLAN_STEPS],
        verdict: 'released',
        tested_by_name: 'Erika Muster',
        units: [
          {
            serial: '4852611001',
            release: 'released',
            attempts: [
              {
                attempt: 1,
                values: Object.fromEntries(
                  DEFAULT_PLAN_STEPS.map((step) => [step.key, step.kind === 'pass_fail' ? 'pass' : '1500']),
                ),
                verdicts: Object.fromEntries(DEFAULT_PLAN_STEPS.map((step) => [step.key, 'pass'])),
                passed: true,
                tested_by_name: 'Erika Muster',
                tested_at: '2026-11-25T09:00:00.000Z',
              },
            ],
            released_by_name: null,
            released_at: null,
            deviation_reason: null,
          },
        ],
      },
    }) as unknown as PdfInput['certificate'];

  const input = (data = certificate()): PdfInput => ({
    certificate: data,
    scope: { kind: 'certificate' },
    settings: SETTINGS,
    logo: null,
    testerFiles: [],
  });

  test('a long plan continues on numbered sheets instead of shrinking its text', async () => {
    const data = certificate();
    const steps = Array.from({ length: 40 }, (_, i) => ({ ...DEFAULT_PLAN_STEPS[0], key: `step_${i}` }));
    data.test_record.steps = steps;
    data.test_record.units[0].attempts[0].values = Object.fromEntries(steps.map((s) => [s.key, 'pass']));
    data.test_record.units[0].attempts[0].verdicts = Object.fromEntries(steps.map((s) => [s.key, 'pass']));
    const bytes = await renderDocument(input(data));
    const pages = pageCount(bytes);
    assert.ok(pages >= 4 && pages % 2 === 0, `two copies of several sheets, not ${pages}`);
    const text = poppler(bytes, 'pdftotext').out;
    // Counted through the whole file, as a reader or a printer counts: the factory copy goes on from the customer's.
    for (let sheet = 1; sheet <= pages; sheet++)
      assert.ok(text.includes(`Seite ${sheet} von ${pages} · Page ${sheet} of ${pages}`), `sheet ${sheet}`);
    assert.ok(!text.includes(`von ${pages / 2} ·`));
    // Every step is on a sheet, each once per copy.
    assert.equal(text.match(/Rechtwinkligkeit/g)?.length, 80);
  });

  test('a unit a second person released is an inspection certificate 3.1, unless the manufacturer claims 2.2', async () => {
    const data = certificate();
    Object.assign(data.test_record.units[0], {
      released_by_name: 'Max Freigeber',
      released_at: '2026-11-25T10:00:00.000Z',
    });
    const text = poppler(await renderDocument(input(data)), 'pdftotext').out;
    for (const words of [
      'Abnahmeprüfzeugnis 3.1 nach EN 10204',
      'Inspection certificate 3.1 according to EN 10204',
      'Certificat de réception 3.1 selon EN 10204',
      'Certificado de inspección 3.1 según EN 10204',
      'Certificato di controllo 3.1 secondo EN 10204',
      'Certificado de inspeção 3.1 segundo EN 10204',
    ])
      assert.equal(text.replace(/\s+/g, ' ').match(new RegExp(words, 'g'))?.length, 2, words);
    const claimed = { ...input(data), settings: { ...SETTINGS, inspectionDocument: '2.2' as const } };
    const report = poppler(await renderDocument(claimed), 'pdftotext').out;
    assert.ok(report.includes('Werkszeugnis 2.2 nach EN 10204') && !report.includes('3.1'));
  });

  test("the default plan's instrument table stays on the sheet of its results rather than on a sheet of its own", async () => {
    const data = certificate();
    // Released by a second person (the longest dispatch check), two instruments: before, each copy's second sheet
    // held the two-row instrument table alone.
    Object.assign(data.test_record.units[0], {
      released_by_name: 'Max Freigeber',
      released_at: data.created_at,
    });
    data.test_record.units[0].attempts[0].instruments = {
      isolation: 'PM-0043',
      insulation_resistance: 'PM-0042',
    };
    data.test_record.instruments = [
      { inventory_number: 'PM-0042', name: 'Isolationsmessgerät', due: '2027-03-31' },
      { inventory_number: 'PM-0043', name: 'Schutzleiterprüfgerät', due: '2027-05-31' },
    ];
    const bytes = await renderDocument(input(data));
    assert.equal(pageCount(bytes), 2, 'one sheet per copy');
    const first = poppler(bytes, 'pdftotext', '-l', '1').out;
    assert.ok(first.includes('Schutzleiterprüfgerät') && first.includes('Produktion'));
    assert.ok(first.includes('Seite 1 von 2') && first.includes('Kundenexemplar'));
  });

  test('the instruments used print with inventory number and due date; a failing value is shown', async () => {
    const data = certificate();
    const attempt = data.test_record.units[0].attempts[0];
    attempt.instruments = { insulation_resistance: 'PM-0042' };
    attempt.verdicts.motor_switch = 'fail';
    attempt.values.motor_switch = 'fail';
    data.test_record.instruments = [
      { inventory_number: 'PM-0042', name: 'Isolationsmessgerät', due: '2027-03-31' },
    ];
    const text = poppler(await renderDocument(input(data)), 'pdftotext').out;
    assert.equal(text.match(/PM-0042/g)?.length, 4, 'under its value and in the list, on both copies');
    assert.ok(text.includes('31.03.2027') && text.includes('Isolationsmessgerät'));
    assert.ok(text.includes('Prüfmittel · Measuring equipment'));
    assert.ok(text.includes('NOT OK'));
  });

  test('hostile and overlong texts print as text and stay on the sheet', async () => {
    const data = certificate();
    data.observation = `<script>alert(1)</script> ${'W'.repeat(200)}`;
    data.machine_name = 'M'.repeat(200);
    data.brand_website = `javascript:alert(1)//${'x'.repeat(300)}`;
    const bytes = await renderDocument(input(data));
    // The long name makes the first sheet's facts taller: each copy continues on a second sheet.
    assert.equal(pageCount(bytes), 4);
    const text = poppler(bytes, 'pdftotext').out;
    assert.ok(text.includes('Seite 4 von 4'));
    assert.ok(text.includes('<script>alert(1)</script>'));
    assert.ok(text.includes('javascript:alert(1)//x') && text.includes('…'));
  });

  test('a render that fails says so in German, and the next one renders', async () => {
    const broken = { ...input(), certificate: {} } as PdfInput;
    await assert.rejects(renderPdf(broken), /^Error: Der Prüfbericht konnte nicht als PDF erstellt werden/);
    assert.equal(pageCount((await renderPdf(input())).bytes), 2);
  });
});
