import type { Browser, Page } from '@playwright/test';
import { apiPaths, CERTIFICATE_DEFAULTS, type PlanStep } from 'contracts';
import { apiUrl } from './fixtures';

/** What the specs set up through the API as staff: accounts, certificates with values, a page per account. */

/** An API call as the holder of `token` (none for sign-in); a refusal throws with the API's answer. */
export async function apiCall<T>(
  baseURL: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}${apiUrl(path)}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A staff account with `roles`, made by the administrator of `admin`, its first password changed as the app
 * demands; answers its session token.
 */
export async function staffAccount(
  baseURL: string,
  admin: string,
  { roles, name, email }: { roles: string[]; name: string; email: string },
) {
  const first = 'erstes-Passwort-42';
  const own = 'eigenes-Passwort-43';
  await apiCall(baseURL, admin, 'POST', apiPaths.accounts(), { email, name, password: first, roles });
  const login = async (password: string) =>
    (await apiCall<{ token: string }>(baseURL, '', 'POST', apiPaths.login(), { username: email, password }))
      .token;
  await apiCall(baseURL, await login(first), 'POST', apiPaths.mePassword(), {
    current_password: first,
    new_password: own,
  });
  return login(own);
}

/**
 * A certificate issued by `token` against a plan of `steps`: each step made once per certificate passing, and
 * each unit's values of the per-unit steps as typed (`units`, one object per unit).
 */
export function issueTested(
  baseURL: string,
  token: string,
  {
    brandId,
    machineId,
    steps,
    units,
  }: { brandId: number; machineId: number; steps: readonly PlanStep[]; units: Record<string, string>[] },
) {
  return apiCall<{ id: number; serial_no: string; endSerialNo: string; serials: string[] }[]>(
    baseURL,
    token,
    'POST',
    apiPaths.certificateCreate(),
    {
      ...CERTIFICATE_DEFAULTS,
      brand_id: brandId,
      machine_id: machineId,
      checked_by: 'Paul Prüfer',
      crowd: units.length,
      results: {
        certificate: Object.fromEntries(
          steps
            .filter((step) => !step.per_unit)
            .map((step) => [step.key, step.kind === 'choice' ? step.passing[0] : 'pass']),
        ),
        units,
      },
    },
  );
}

/** A page of its own for the account of `token`, at `target`. */
export async function pageAs(browser: Browser, token: string, target: string, width = 1366): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 768 } })).newPage();
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(target);
  return page;
}
