import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { apiPaths } from 'contracts';
import { E2E_USER } from '../global-setup';

const artifacts = path.join(import.meta.dirname, '..', 'artifacts');

export function artifactPath(name: string): string {
  return path.join(artifacts, `${name.replace(/[^a-z0-9äöüß-]+/gi, '-').toLowerCase()}.png`);
}

export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: artifactPath(name), fullPage: true });
}

/**
 * A remote's exposed screen as the shell shows it (the shell's wrapper names it), loaded and not the
 * fallback. Independent of what the remote renders, so the remote teams can change their screens freely.
 */
export function remoteScreen(page: Page, id: string): Locator {
  return page
    .locator(`[data-remote="${id}"]`)
    .filter({ hasNot: page.getByRole('alert').filter({ hasText: 'Modul derzeit nicht verfügbar' }) });
}

/**
 * The address of an API path built by contracts' `apiPaths` (relative to the API base): the tests write no
 * path by hand, so a renamed route changes here with the frontends' fetchers.
 */
export const apiUrl = (path: string) => `/api${path}`;

/** A fresh session through the API, put where the shell keeps it; then the page opens `target`. */
export async function signIn(page: Page, target = '/'): Promise<string> {
  const response = await page.request.post(apiUrl(apiPaths.login()), {
    data: { username: E2E_USER.email, password: E2E_USER.password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(target);
  return token;
}

/**
 * The error shown for a labelled input: the element its aria-describedby points at. The input points there
 * only once the error shows, so this waits for that first.
 */
export async function errorOf(page: Page, label: string): Promise<Locator> {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute('aria-describedby', /\S/);
  const id = await input.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`);
}

/**
 * The checks of a machine on the default plan entered as passed, as an inspector does it on the create form:
 * „Alle bestanden“, which also picks the voltage test's one passing option (nothing is pre-ticked,
 * docs/decisions/0010-test-record.md).
 */
export async function enterPassingChecks(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Alle bestanden' }).click();
  await expect(page.getByLabel('Spannungsfestigkeit')).toHaveValue('1500 V');
}

/** Measured values of one unit typed into the create form's grid, by the step titles of the columns. */
export async function enterUnitValues(
  page: Page,
  unit: number,
  values: Record<string, string>,
): Promise<void> {
  for (const [step, value] of Object.entries(values))
    await page.getByRole('textbox', { name: `Einheit ${unit} ${step}`, exact: true }).fill(value);
}

/**
 * The instrument that measures a step (docs/decisions/0018-instruments.md) chosen on the create form or a
 * retest, by its id: a step naming an instrument kind needs one before WEITER.
 */
export async function chooseInstrument(page: Page, step: string, instrumentId: number): Promise<void> {
  await page.getByLabel(`Prüfmittel: ${step}`, { exact: true }).selectOption(String(instrumentId));
}

/** Resolves once the toast around `content` has flown in (its animations finished): for a screenshot. */
export async function toastInPlace(content: Locator): Promise<void> {
  await content.evaluate((element) =>
    Promise.all(
      element
        .closest('.Toastify__toast')!
        .getAnimations()
        .map((animation) => animation.finished),
    ),
  );
}

/** Every test leaves a screenshot of where it ended as an artifact. */
export const test = base.extend<{ endScreenshot: void }>({
  endScreenshot: [
    async ({ page }, use, testInfo) => {
      await use();
      if (!page.isClosed())
        await page.screenshot({ path: artifactPath(testInfo.titlePath.slice(1).join(' ')) });
    },
    { auto: true },
  ],
});

export { expect, E2E_USER };
