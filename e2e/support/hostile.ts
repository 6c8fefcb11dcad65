import { apiPaths, CERTIFICATE_DEFAULTS } from 'contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiUrl } from './fixtures';

/**
 * Script-injection payloads (issue 8, item 5). Each one that could run sets `window.__xss` and opens an
 * alert, so a payload that runs is caught twice: by the marker and by the dialog listener.
 */
export const RUN = 'window.__xss=1;alert(1)';
export const XSS_PAYLOADS = [
  `<img src=x onerror="${RUN}">`,
  `<script>${RUN}</script>`,
  `"><svg onload="${RUN}">`,
  `javascript:${RUN}`,
  `'-alert(1)-'`,
  `{{constructor.constructor('${RUN}')()}}`,
  `<iframe srcdoc="<script>parent.__xss=1;alert(1)</script>">`,
  // Right-to-left scripts, combining marks and astral characters. A right-to-left override itself is refused in
  // names (api/src/modules/brands/names.test.ts), so it never reaches a page.
  'Ünïcødé ﷽ 漢字 עברית العربية 𝕏🙂 '.repeat(4).trim(),
] as const;

/** The short names the tests give the payloads (for titles and screenshots). */
export const PAYLOAD_NAMES = ['img', 'script', 'svg', 'javascript-url', 'quote', 'template', 'iframe', 'rtl'];

/**
 * An http(s) address that the API accepts but that carries markup: it must stay an attribute value. No
 * whitespace, so the customer page (which shows only `https?://` links without spaces) renders it.
 */
export const hostileUrl = (i: number) =>
  `https://hostile.example/${i}?q="><svg/onload=window.__xss=1>&r='-alert(1)-'#<script>alert(1)</script>`;
/** An e-mail address the pattern accepts (no spaces) that carries markup. */
export const hostileEmail = (i: number) => `<svg/onload=window.__xss=1>${i}@hostile.example`;

interface Guard {
  dialogs: string[];
  /** Everything that should be empty at the end of a test. */
  findings(): Promise<{ dialogs: string[]; marker: unknown; cspViolations: string[] }>;
}

/**
 * Watches a page for injected script: dialogs (dismissed and recorded), the `window.__xss` marker and every
 * CSP violation (`securitypolicyviolation`, recorded by an init script in every document and frame).
 */
export async function guard(page: Page): Promise<Guard> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  return {
    dialogs,
    async findings() {
      const state = await page.evaluate(() => {
        const w = window as unknown as { __xss?: unknown; __csp?: string[] };
        return { marker: w.__xss, cspViolations: w.__csp ?? [] };
      });
      return { dialogs: [...dialogs], ...state };
    },
  };
}

/**
 * Waits until what an injected element would run has had its moment: every image has loaded or failed (an
 * image's error event comes with its failed load), every same-origin frame has loaded, and two frames have
 * been drawn since, so what those events caused (a dialog, a CSP report) has been dispatched too.
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.images].every((image) => image.complete) &&
          [...document.querySelectorAll('iframe')].every(
            (frame) => (frame.contentDocument?.readyState ?? 'complete') === 'complete',
          ),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Nothing ran: no dialog, no marker, no CSP violation (checked on the current document). */
export async function expectNothingRan(page: Page, watch: Guard): Promise<void> {
  await pageSettled(page);
  expect(await watch.findings()).toEqual({ dialogs: [], marker: undefined, cspViolations: [] });
}

export interface HostileRecord {
  index: number;
  payload: string;
  brandId: number;
  brandName: string;
  brandEmail: string;
  brandWebsite: string;
  machineId: number;
  machineName: string;
  link: string;
  certificateId: number;
  serial: string;
  checkedBy: string;
}

/**
 * For every payload a brand, a machine and a one-unit certificate made through the API, with the payload
 * in every free text the API accepts for it. `tag` makes names unique per run and findable by search.
 */
export async function createHostileData(request: APIRequestContext, token: string, tag: string) {
  const headers = { Authorization: token };
  const records: HostileRecord[] = [];
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    // The tag first: brands are listed by name, and names starting with "<" would push other tests' brands off page 1.
    const brandName = `${tag}B${index} ${payload}`;
    const brandEmail = hostileEmail(index);
    const brandWebsite = hostileUrl(index);
    const brand = await request.post(apiUrl(apiPaths.brandCreate()), {
      headers,
      data: { name: brandName, email: brandEmail, website_link: brandWebsite },
    });
    expect(brand.status(), await brand.text()).toBe(201);
    const { id: brandId } = (await brand.json()) as { id: number };

    const machineName = `${payload} ${tag}M${index}`;
    const link = hostileUrl(index);
    const machine = await request.post(apiUrl(apiPaths.machineCreate()), {
      headers,
      data: {
        brand_id: brandId,
        name: machineName,
        serial_prefix: `X${index}`,
        link_en: link,
        link_ger: link,
        electronic_circuit_board: 1,
      },
    });
    expect(machine.status(), await machine.text()).toBe(201);
    const { id: machineId } = (await machine.json()) as { id: number };

    const checkedBy = payload.slice(0, 100);
    const certificate = await request.post(apiUrl(apiPaths.certificateCreate()), {
      headers,
      data: {
        ...CERTIFICATE_DEFAULTS,
        brand_id: brandId,
        machine_id: machineId,
        checked_by: checkedBy,
        crowd: 1,
      },
    });
    expect(certificate.status(), await certificate.text()).toBe(200);
    const [{ id: certificateId, serial_no: serial }] = (await certificate.json()) as {
      id: number;
      serial_no: string;
    }[];
    records.push({
      index,
      payload,
      brandId,
      brandName,
      brandEmail,
      brandWebsite,
      machineId,
      machineName,
      link,
      certificateId,
      serial,
      checkedBy,
    });
  }
  return records;
}
