import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { apiPaths, berlinIsoDate } from 'contracts';
import PDFKit from 'pdfkit';
import { apiUrl, auth, createTestApp, kinds, seedMachine, type TestApp } from '../../test/harness';
import { PDF_REFUSALS } from './document-upload';
import { ACTIVE_PDFS, BOUNDS_PDFS, JAVASCRIPT_KINDS, SCRIPT, webLinkPdf } from './hostile-pdfs';
import type { PdfVerdict } from './pdf-check';
import { hostilePdf, multipart, plainPdf } from './test-pdfs';

/** What each crafted file is refused as (docs/decisions/0026-pdf-active-content.md). */
type Refusal = Exclude<PdfVerdict, 'ok'>;
const ACTIVE: Record<keyof typeof ACTIVE_PDFS, Refusal> = {
  'duplicate object number': 'javascript',
  'JavaScript hidden in another stream': 'javascript',
  'open and close actions hidden in a stream': 'javascript',
  'clean copy after %%EOF': 'javascript',
  'JavaScript in names written in lower-case hex': 'javascript',
  'XFA form with <script>': 'form',
  'SubmitForm to a URL': 'form',
  ImportData: 'form',
  'GoToR to a network path': 'link',
  'GoToE into an embedded file': 'link',
  Rendition: 'multimedia',
  'RichMedia annotation': 'multimedia',
  '3D annotation': 'multimedia',
  'Movie annotation': 'multimedia',
  'Sound action': 'multimedia',
  'Launch action': 'launch',
  'embedded file': 'embeddedFile',
  'javascript: URI': 'link',
  'file: URI': 'link',
};
const BOUNDS: Record<keyof typeof BOUNDS_PDFS, Refusal> = {
  'an array of 5.2 million zeros': 'values',
  'a hundred thousand objects of ten values': 'values',
  'an object stream inflating to 200 MB': 'inflated',
  'object streams inflating to 75 MB together': 'inflated',
  'arrays nested 100,000 deep': 'depth',
  'half a million streams without an end': 'time',
};

/** A PDF as pdfkit writes it, with links to the web. */
function pdfkitPdf(): Promise<Buffer> {
  const document = new PDFKit({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  document.text('Betriebsanleitung', { link: 'https://example.com/anleitung' });
  document.text('Service', { link: 'mailto:service@example.com' });
  document.end();
  return new Promise((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
}

const day = (offset: number) => berlinIsoDate(new Date(Date.now() + offset * 86_400_000));

for (const kind of kinds) {
  describe(`the PDF check on ${kind}, through both upload routes`, () => {
    let t: TestApp;
    let machineId: number;
    let instrumentId: number;
    let calibrationId: number;
    let validFrom = 0;

    before(async () => {
      t = await createTestApp(kind);
      machineId = (await seedMachine(t.repositories, { name: 'Prüfmaschine PDF' })).machine.id;
      const call = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url: apiUrl(url), headers: auth(t.token), payload });
      const instrument = await call(apiPaths.instruments(), {
        inventory_number: 'PM-PDF',
        name: 'Isolationsmessgerät',
        maker: 'Fluke',
        model: '1507',
        serial_number: 'F-1',
        kind: 'insulation_tester',
        interval_months: 12,
        last_calibrated: day(-100),
        due: day(265),
        status: 'in_use',
      });
      assert.equal(instrument.statusCode, 201, instrument.body);
      instrumentId = instrument.json().id;
      const calibration = await call(apiPaths.instrumentCalibrations(instrumentId), {
        calibrated_on: day(-2),
        result: 'in_tolerance',
      });
      assert.equal(calibration.statusCode, 200, calibration.body);
      calibrationId = calibration.json().calibration_id;
    });
    after(() => t.close());

    const send = (url: string, data: Buffer, fields: Record<string, string> = {}) => {
      const body = multipart(fields, { data });
      return t.app.inject({
        method: 'POST',
        url: apiUrl(url),
        headers: { ...auth(t.token), ...body.headers },
        payload: body.payload,
      });
    };
    // Each accepted document needs a day of its own.
    const asDocument = (data: Buffer) =>
      send(apiPaths.machineDocuments(machineId), data, {
        kind: 'instructions',
        language: 'de',
        valid_from: `20${String(10 + validFrom++).padStart(2, '0')}-01-01`,
      });
    const asCalibration = (data: Buffer) =>
      send(apiPaths.instrumentCalibrationCertificate(instrumentId, calibrationId), data);
    const refused = (response: { statusCode: number; body: string }, verdict: Refusal, name: string) => {
      const expected = PDF_REFUSALS[verdict]();
      assert.equal(response.statusCode, expected.statusCode, `${name}: ${response.body}`);
      assert.deepEqual(JSON.parse(response.body).error, {
        code: expected.code,
        message: expected.message,
        fields: { file: expected.message },
      });
    };

    test('every trick and kind of active content is refused on both routes, and nothing is stored', async () => {
      const stored = async () =>
        (await t.db.selectFrom('document_contents').select('sha256').execute()).length;
      const before = await stored();
      for (const [name, make] of Object.entries(ACTIVE_PDFS)) {
        const verdict = ACTIVE[name as keyof typeof ACTIVE_PDFS];
        refused(await asDocument(make()), verdict, name);
        refused(await asCalibration(make()), verdict, name);
      }
      assert.equal(await stored(), before);
    });

    test('a reader finds the JavaScript the check refuses (poppler’s pdfinfo -js as the witness)', async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-check-'));
      try {
        for (const name of JAVASCRIPT_KINDS) {
          const file = path.join(folder, 'file.pdf');
          fs.writeFileSync(file, ACTIVE_PDFS[name]());
          const { stdout } = await promisify(execFile)('pdfinfo', ['-js', file]);
          assert.ok(stdout.includes(SCRIPT), `${name}: pdfinfo -js printed ${stdout}`);
        }
      } finally {
        fs.rmSync(folder, { recursive: true });
      }
    });

    test('files beyond the check’s bounds get a German 413, and the API lives on', async () => {
      for (const [name, make] of Object.entries(BOUNDS_PDFS)) {
        const response = await asDocument(make());
        // On a busy machine the time limit may come before a slow-to-reach bound: either refusal names its bound.
        const verdict = response.body.includes(PDF_REFUSALS.time().message)
          ? 'time'
          : BOUNDS[name as keyof typeof BOUNDS_PDFS];
        refused(response, verdict, name);
      }
      for (const name of ['an object stream inflating to 200 MB', 'arrays nested 100,000 deep'] as const)
        refused(await asCalibration(BOUNDS_PDFS[name]()), BOUNDS[name], name);
      assert.equal((await t.app.inject(apiUrl('/healthz'))).statusCode, 200);
    });

    test('/api/healthz answers while the slowest file is being checked', async () => {
      let checking = true;
      const upload = asDocument(BOUNDS_PDFS['half a million streams without an end']()).finally(() => {
        checking = false;
      });
      let answeredWhileChecking = 0;
      while (checking) {
        const health = await t.app.inject(apiUrl('/healthz'));
        assert.equal(health.statusCode, 200);
        if (checking) answeredWhileChecking++;
        // app.inject answers within one turn of the event loop; the next turn lets timers and the worker in.
        await nextTurn();
      }
      refused(await upload, 'time', 'half a million streams without an end');
      assert.ok(answeredWhileChecking > 0, 'no answer while the check ran');
    });

    test('ordinary PDFs are still accepted: pdf-lib’s, pdfkit’s with web links, with object streams', async () => {
      const files = [
        await plainPdf('Betriebsanleitung'),
        await plainPdf('Betriebsanleitung groß', 3 * 1024 * 1024),
        await pdfkitPdf(),
        webLinkPdf(),
      ];
      for (const file of files) {
        const response = await asDocument(file);
        assert.equal(response.statusCode, 201, response.body);
      }
      const certificate = await asCalibration(await pdfkitPdf());
      assert.equal(certificate.statusCode, 200, certificate.body);
      // The kinds the check refused before keep being refused.
      refused(await asDocument(await hostilePdf('javascript', true)), 'javascript', 'pdf-lib JavaScript');
    });
  });
}
