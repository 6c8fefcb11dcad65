import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { apiPaths, eanCheckDigit, type PrintData } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../app';
import {
  apiUrl,
  auth,
  certificateBody,
  createTestApp,
  kinds,
  seedMachine,
  type TestApp,
} from '../../test/harness';
import { multipart, plainPdf } from '../documents/test-pdfs';

const LINKSET = 'application/linkset+json';
const VOC = 'https://gs1.org/voc/';

function assertLinkHeader(response: LightMyRequestResponse, self: string) {
  assert.equal(
    response.headers.link,
    `<${self}?linkType=linkset>; rel="linkset"; type="${LINKSET}"`,
    `${response.statusCode} ${self}`,
  );
}

function assertError(response: LightMyRequestResponse, status: 400 | 404) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(response.json().error.message, / \/ /, 'in English and German');
}

for (const kind of kinds) {
  describe(`GS1 Digital Link resolver on ${kind}`, () => {
    let t: TestApp;
    let withPage: App;
    let webRoot: string;
    let machineId: number;
    let serial: string;
    let gtin: string;
    const origin = 'https://scan.example';

    before(async () => {
      t = await createTestApp(kind, { webBase: origin });
      const { brand, machine } = await seedMachine(t.repositories, { name: 'Resolver-Maschine' });
      machineId = machine.id;
      // seedMachine's EAN-13 4006381333931 as a GTIN-14.
      gtin = '04006381333931';
      const issued = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.certificateCreate()),
        headers: auth(t.token),
        payload: certificateBody(brand.id, machine.id, 1),
      });
      serial = (issued.json()[0] as PrintData).serial_no;
      for (const [language, text] of [
        ['de', 'Betriebsanleitung'],
        ['en', 'Instructions'],
      ]) {
        const body = multipart(
          { kind: 'instructions', language, valid_from: '2024-01-01' },
          { data: await plainPdf(text) },
        );
        const uploaded = await t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.machineDocuments(machine.id)),
          headers: { ...auth(t.token), ...body.headers },
          payload: body.payload,
        });
        assert.equal(uploaded.statusCode, 201, uploaded.body);
      }
      webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'resolver-web-'));
      const page = path.join(webRoot, 'mfe-landing', 'dist', 'standalone');
      fs.mkdirSync(page, { recursive: true });
      fs.writeFileSync(path.join(page, 'index.html'), '<title>Kundenseite</title>');
      withPage = await buildApp({
        config: { ...t.config, webRoot },
        database: t.testDb.database,
        serveFrontends: true,
      });
    });
    after(async () => {
      await withPage.close();
      await t.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    });

    const unitPath = () => `/01/${gtin}/21/${serial}`;

    test('without a link type: the customer page itself, with the Link header naming the linkset', async () => {
      for (const url of [unitPath(), `/01/${gtin}`]) {
        const response = await withPage.inject(url);
        assert.equal(response.statusCode, 200, url);
        assert.match(response.body, /Kundenseite/);
        assertLinkHeader(response, `${origin}${url}`);
      }
      // The page shows its own "unknown" state, but the status says so too: never 200 for an error.
      const unknown = await withPage.inject(`/01/${gtin}/21/NOPE123`);
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.body, /Kundenseite/);
      const malformed = await withPage.inject(`/01/04006381333932/21/${serial}`);
      assert.equal(malformed.statusCode, 400);
      // Frontends served elsewhere: the default link is a redirect to the page's own address.
      const api = await t.app.inject(unitPath());
      assert.equal(api.statusCode, 307);
      assert.equal(api.headers.location, `${origin}/landing/${machineId}/${serial}`);
    });

    test('linkset by query and by Accept header: RFC 9264 with relation types, titles, languages, media types', async () => {
      for (const request of [
        { url: `${unitPath()}?linkType=linkset` },
        { url: `${unitPath()}?linkType=all` },
        { url: unitPath(), headers: { accept: LINKSET } },
      ]) {
        const response = await withPage.inject(request);
        assert.equal(response.statusCode, 200, JSON.stringify(request));
        assert.equal(response.headers['content-type'], LINKSET);
        assertLinkHeader(response, `${origin}${unitPath()}`);
        const [set] = response.json().linkset;
        assert.equal(set.anchor, `${origin}${unitPath()}`);
        assert.deepEqual(set[`${VOC}pip`], [
          {
            href: `${origin}/landing/${machineId}/${serial}`,
            title: 'Resolver-Maschine: Testmarke',
            type: 'text/html',
            hreflang: ['en', 'de'],
          },
        ]);
        assert.deepEqual(set[`${VOC}defaultLink`], set[`${VOC}pip`]);
        const instructions = set[`${VOC}instructions`] as {
          href: string;
          hreflang: string[];
          type: string;
          title: string;
        }[];
        assert.deepEqual(
          instructions.map((link) => [link.hreflang, link.type]),
          [
            [['de'], 'application/pdf'],
            [['en'], 'application/pdf'],
          ],
        );
        assert.match(instructions[0].title, /^Instructions for use \(de\), valid from 2024-01-01$/);
        assert.match(
          instructions[0].href,
          new RegExp(
            `^${origin}/api/documents/\\d+/Resolver-Maschine_Instructions-for-use_DE_2024-01-01\\.pdf$`,
          ),
        );
        // No declaration uploaded: the released unit's own sealed test certificate is the one certification link.
        assert.deepEqual(set[`${VOC}certificationInfo`], [
          {
            href: `${origin}/api${apiPaths.unitCertificate(serial)}`,
            title: 'Test certificate (PDF) / Prüfbericht (PDF)',
            type: 'application/pdf',
            hreflang: ['de', 'en', 'fr', 'es', 'it', 'pt'],
          },
        ]);
        // Its owner can ask for service on the page.
        assert.deepEqual(set[`${VOC}serviceInfo`], [
          {
            href: `${origin}/landing/${machineId}/${serial}#service`,
            title: 'Request service / Service anfragen',
            type: 'text/html',
            hreflang: ['en', 'de'],
          },
        ]);
        // The released unit can be registered by its owner: the page's form.
        assert.deepEqual(set[`${VOC}registerProduct`], [
          {
            href: `${origin}/landing/${machineId}/${serial}#register`,
            title: 'Register your machine / Maschine registrieren',
            type: 'text/html',
            hreflang: ['en', 'de'],
          },
        ]);
      }
    });

    test('a link type redirects to its target, in the asked language, or is 404 when there is none', async () => {
      const pip = await t.app.inject(`${unitPath()}?linkType=gs1:pip`);
      assert.equal(pip.statusCode, 307);
      assert.equal(pip.headers.location, `${origin}/landing/${machineId}/${serial}`);
      assertLinkHeader(pip, `${origin}${unitPath()}`);
      const full = await t.app.inject(`${unitPath()}?linkType=${encodeURIComponent(`${VOC}pip`)}`);
      assert.equal(full.statusCode, 307);

      const english = await t.app.inject({
        url: `${unitPath()}?linkType=gs1:instructions`,
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      assert.equal(english.statusCode, 307);
      assert.match(String(english.headers.location), /_EN_2024-01-01\.pdf$/);
      const german = await t.app.inject({
        url: `${unitPath()}?linkType=gs1:instructions`,
        headers: { 'accept-language': 'de-DE' },
      });
      assert.match(String(german.headers.location), /_DE_2024-01-01\.pdf$/);
      // French is not there: English, the stated fallback.
      const french = await t.app.inject({
        url: `${unitPath()}?linkType=gs1:instructions`,
        headers: { 'accept-language': 'fr' },
      });
      assert.match(String(french.headers.location), /_EN_/);
      // The redirect leads to the PDF.
      const pdf = await t.app.inject(String(german.headers.location).replace(origin, ''));
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.headers['content-type'], 'application/pdf');

      // gs1:recallStatus is answered for every unit (api/src/modules/notices/notices.test.ts).
      for (const linkType of ['gs1:nutritionalInfo', 'schema:foo', 'nonsense']) {
        const response = await t.app.inject(`${unitPath()}?linkType=${encodeURIComponent(linkType)}`);
        assertError(response, 404);
        assertLinkHeader(response, `${origin}${unitPath()}`);
      }
      // The unit's sealed test certificate; the machine alone has none (and no declaration here).
      const certificate = await t.app.inject(`${unitPath()}?linkType=gs1:certificationInfo`);
      assert.equal(certificate.statusCode, 307);
      assert.equal(certificate.headers.location, `${origin}/api${apiPaths.unitCertificate(serial)}`);
      const target = String(certificate.headers.location).replace(origin, '');
      // Its first request has the worker seal the copy (503 with Retry-After until then).
      assert.equal((await t.app.inject(target)).statusCode, 503);
      await t.runJobs();
      const sealed = await t.app.inject(target);
      assert.equal(sealed.statusCode, 200, sealed.body);
      assert.equal(sealed.headers['content-type'], 'application/pdf');
      assertError(await t.app.inject(`/01/${gtin}?linkType=gs1:certificationInfo`), 404);
      const register = await t.app.inject(`${unitPath()}?linkType=gs1:registerProduct`);
      assert.equal(register.statusCode, 307);
      assert.equal(register.headers.location, `${origin}/landing/${machineId}/${serial}#register`);
      // The machine without a serial names no unit to register.
      assertError(await t.app.inject(`/01/${gtin}?linkType=gs1:registerProduct`), 404);
      // Without spare parts documents, service is the unit's request form; the machine alone has none.
      const service = await t.app.inject(`${unitPath()}?linkType=gs1:serviceInfo`);
      assert.equal(service.statusCode, 307);
      assert.equal(service.headers.location, `${origin}/landing/${machineId}/${serial}#service`);
      assertError(await t.app.inject(`/01/${gtin}?linkType=gs1:serviceInfo`), 404);
    });

    test('a malformed GTIN or serial is 400, an unknown item 404, never 200', async () => {
      const body = `40063813339`;
      const otherGtin = `0${body}0${eanCheckDigit(`${body}0`)}`;
      for (const url of [
        `/01/04006381333932`,
        `/01/04006381333932/21/${serial}?linkType=linkset`,
        '/01/abc',
        '/01/%3Cscript%3E/21/1',
        `/01/${gtin}/21/${'x'.repeat(21)}`,
        `/01/${gtin}/21/a%20b`,
        `/01/${gtin}/10/LOT1`,
        `/01/${gtin}/21/${serial}/extra`,
        '/01',
        '/01/',
        '/01//21/1',
      ])
        assertError(await t.app.inject({ url, headers: { accept: LINKSET } }), 400);
      for (const url of [`/01/${otherGtin}`, `/01/${gtin}/21/NOPE123`])
        for (const query of ['', '?linkType=linkset', '?linkType=gs1:pip']) {
          const response = await t.app.inject(`${url}${query}`);
          assertError(response, 404);
          assertLinkHeader(response, `${origin}${url}`);
        }
    });

    test('any origin may ask (CORS): GET carries the headers, OPTIONS says what may be asked', async () => {
      const answer = await t.app.inject({
        url: `${unitPath()}?linkType=linkset`,
        headers: { origin: 'https://scanner.example' },
      });
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.match(String(answer.headers['access-control-expose-headers']), /Link/);
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: unitPath(),
        headers: { origin: 'https://scanner.example', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers.allow, 'GET, HEAD, OPTIONS');
      const head = await t.app.inject({ method: 'HEAD', url: `${unitPath()}?linkType=linkset` });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
    });

    test('without WEB_BASE a foreign Host header never reaches a redirect or the linkset', async () => {
      const bare = await buildApp({ config: { ...t.config, webBase: null }, database: t.testDb.database });
      try {
        const pip = await bare.inject({
          url: `${unitPath()}?linkType=gs1:pip`,
          headers: { host: 'evil.example' },
        });
        assert.equal(pip.statusCode, 307);
        assert.equal(pip.headers.location, `/landing/${machineId}/${serial}`);
        const linkset = await bare.inject({
          url: `${unitPath()}?linkType=linkset`,
          headers: { host: 'evil.example' },
        });
        assert.doesNotMatch(linkset.body, /evil\.example/);
        assert.doesNotMatch(String(linkset.headers.link), /evil\.example/);
        const local = await bare.inject({
          url: `${unitPath()}?linkType=gs1:pip`,
          headers: { host: 'localhost:8080' },
        });
        assert.equal(local.headers.location, `http://localhost:8080/landing/${machineId}/${serial}`);
      } finally {
        await bare.close();
      }
    });

    test('/.well-known/gs1resolver describes the resolver', async () => {
      const response = await t.app.inject('/.well-known/gs1resolver');
      assert.equal(response.statusCode, 200);
      const description = response.json();
      assert.equal(description.resolverRoot, origin);
      assert.deepEqual(description.supportedPrimaryKeys, ['gtin']);
      assert.deepEqual(description.supportedLinkType, [{ namespace: VOC, prefix: 'gs1:' }]);
      assert.equal(description.linkTypeDefaultCanBeLinkset, true);
    });
  });
}
