import type { Locator, Page } from '@playwright/test';
import { expect, remoteScreen, signIn, snap, test } from '../support/fixtures';
import { createLandingMachine, signInToken, type LandingMachine } from './landing-data';

/**
 * The staff screens in the test-only pseudo language (shared-ui/src/i18n/pseudo.ts): German about 40 % longer,
 * accented, each message in brackets. A translation longer than German must not be cut off or run into its
 * neighbour at 1366 × 768, the smallest laptop screen staff use (docs/decisions/0031-staff-languages.md). Screens
 * are reached by address and by structure, as their names are pseudo text here.
 */

let machine: LandingMachine;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  machine = await createLandingMachine(baseURL!, await signInToken(baseURL!));
});

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * Text that the layout hides: an element that clips its overflow (or ends it with an ellipsis) while its text is
 * wider or taller than its box; a select's chosen option or an empty field's placeholder wider than the room the
 * field gives it (the browser cuts those without overflow to measure); buttons, links and labels whose boxes
 * overlap, within one layer (a sticky header or a fixed bar covers the content scrolled under it on purpose).
 * Visually hidden text (one pixel, for screen readers) is meant to be clipped.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: HTMLElement, text = element.innerText) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''} „${text.trim().slice(0, 60)}“`;
    const shown = (element: HTMLElement) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible';
    const problems: string[] = [];

    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!shown(element) || !element.innerText?.trim()) continue;
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
      const style = getComputedStyle(element);
      const clipsX = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      const clipsY = ['hidden', 'clip'].includes(style.overflowY);
      if (clipsX && element.scrollWidth > element.clientWidth + 1)
        problems.push(`cut (${element.scrollWidth} > ${element.clientWidth} px wide): ${describe(element)}`);
      if (clipsY && element.scrollHeight > element.clientHeight + 1)
        problems.push(
          `cut (${element.scrollHeight} > ${element.clientHeight} px high): ${describe(element)}`,
        );
    }

    const context = document.createElement('canvas').getContext('2d')!;
    const fields = [
      ...document.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input[placeholder]'),
    ];
    for (const field of fields.filter(shown)) {
      const text =
        field instanceof HTMLSelectElement
          ? (field.selectedOptions[0]?.text ?? '')
          : field.value
            ? ''
            : field.placeholder;
      const style = getComputedStyle(field);
      context.font = style.font;
      context.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
      const width = context.measureText(
        style.textTransform === 'uppercase' ? text.toUpperCase() : text,
      ).width;
      // A select's arrow takes about 20 px inside its padding (Chromium's menu list).
      const room =
        field.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        (field instanceof HTMLSelectElement ? 20 : 0);
      if (width > room + 1)
        problems.push(`cut (${Math.ceil(width)} > ${Math.floor(room)} px wide): ${describe(field, text)}`);
    }

    const layer = (element: HTMLElement) => {
      for (let node: HTMLElement | null = element; node; node = node.parentElement)
        if (['fixed', 'sticky'].includes(getComputedStyle(node).position)) return node;
      return null;
    };
    const controls = [
      ...document.querySelectorAll<HTMLElement>('button, a, label, [role="button"], [role="tab"]'),
    ]
      .filter((element) => shown(element) && element.innerText?.trim())
      .map((element) => ({ element, layer: layer(element), box: element.getBoundingClientRect() }));
    for (const [index, a] of controls.entries())
      for (const b of controls.slice(index + 1)) {
        if (a.layer !== b.layer || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // A pixel of touch is rounding, not overlap.
        const overlap =
          a.box.left < b.box.right - 1 &&
          b.box.left < a.box.right - 1 &&
          a.box.top < b.box.bottom - 1 &&
          b.box.top < a.box.bottom - 1;
        if (overlap) problems.push(`overlap: ${describe(a.element)} and ${describe(b.element)}`);
      }
    return problems;
  });
}

/** A pseudo text: in brackets, with a doubled accented vowel. */
const PSEUDO = /\[[^\]]*(åå|éé|îî|öö|ûû|ÅÅ|ÉÉ|ÎÎ|ÖÖ|ÛÛ)[^\]]*\]/;

/**
 * The screen, loaded, shows pseudo text (the header's tabs, its content), every value a message needs was given (a missing
 * number shows as NaN), and none of its text is cut or overlaps.
 */
async function expectUncut(page: Page, screen: Locator, name: string) {
  await expect(page.locator('.sh-header__tab').first()).toHaveText(PSEUDO);
  await expect(screen).toContainText(PSEUDO);
  // Everything loaded: no part still waiting for its data or chunk.
  await expect(page.locator('.sui-spinner')).toHaveCount(0);
  await expect.soft(screen, name).not.toContainText('NaN');
  await snap(page, `pseudo-${name}`);
  expect.soft(await layoutProblems(page), name).toEqual([]);
}

test('pseudo language at 1366 × 768: no staff screen cuts or overlaps its text', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem('pruefbericht.pseudo', '1'));

  await signIn(page, '/');
  const create = remoteScreen(page, 'certificates/CertificateCreate');
  await expect(create).toBeVisible();
  await expectUncut(page, create, 'certificate-create');
  // The machine chosen, the form shows its test plan to enter.
  await create.locator('[class*="control"]').first().click();
  await page.getByRole('option', { name: 'BDS Maschinen', exact: true }).click();
  await create.locator('[class*="control"]').nth(1).click();
  await page.getByRole('option', { name: machine.name, exact: true }).click();
  await expect(create.locator('.test-entry')).toBeVisible();
  await expectUncut(page, create, 'certificate-create-test-entry');

  await page.goto(`/?tab=certificate_list&search=${machine.serial}`);
  const list = page.getByTestId('certificate-list');
  await expect(list.getByRole('row').nth(1)).toContainText(machine.serial);
  await expectUncut(page, list, 'certificate-list');
  // The layout checks above let a table scroll sideways in its box; the list's must not, or AKTION and the
  // verdict leave the screen (certificate-list.css).
  expect
    .soft(
      await list.locator('.sui-table__scroll').evaluate((box) => box.scrollWidth - box.clientWidth),
      'certificate-list: table wider than its box',
    )
    .toBe(0);

  await page.goto((await list.locator('a[href^="/certificates/"]').first().getAttribute('href'))!);
  const detail = page.getByTestId('certificate-detail');
  await expect(detail).toContainText(machine.serial);
  await expectUncut(page, detail, 'certificate-detail');

  await page.goto(`/?tab=machine_list`);
  const machines = page.getByTestId('machine-list');
  await expect(machines.getByRole('row').nth(1)).toBeVisible();
  await expectUncut(page, machines, 'machine-list');

  await machines.locator('.mach-switch__option').nth(1).click();
  await expect(machines.getByRole('cell', { name: 'BDS Maschinen', exact: true })).toBeVisible();
  await expectUncut(page, machines, 'brands');

  await page.goto(`/machines/${machine.machineId}`);
  const form = page.getByTestId('machine-form');
  await expect(form.locator('#machine-name')).toHaveValue(machine.name);
  await expect(page.getByTestId('machine-documents')).toBeVisible();
  await expectUncut(page, form, 'machine-form');

  await page.goto(`/machines/${machine.machineId}/test-plan`);
  const plan = page.getByTestId('test-plan');
  await expect(plan).toBeVisible();
  await expectUncut(page, plan, 'test-plan');

  await page.goto('/?tab=instruments');
  const instruments = page.getByTestId('instruments');
  await expect(instruments).toBeVisible();
  await expectUncut(page, instruments, 'instruments');

  await page.goto('/?tab=service_requests');
  const requests = page.getByTestId('service-requests');
  await expect(requests).toBeVisible();
  await expectUncut(page, requests, 'service-requests');

  await page.goto('/admin/accounts');
  const accounts = page.locator('#main');
  await expect(accounts.getByRole('table')).toBeVisible();
  await expectUncut(page, accounts, 'admin-accounts');

  await page.goto('/admin/audit');
  await expect(page.locator('#main').getByRole('table')).toBeVisible();
  await expectUncut(page, page.locator('#main'), 'audit-log');

  await page.goto('/account');
  await expect(page.locator('#main h1')).toHaveText(PSEUDO);
  await expectUncut(page, page.locator('#main'), 'account');
});
