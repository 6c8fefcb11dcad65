import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, snap } from './fixtures';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the product promises (docs/architecture.md). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core on the page as it is now: no critical or serious violation, exactly one h1, and every link or
 * button whose name differs from its visible text names that text first (WCAG 2.5.3, label in name).
 * Leaves a screenshot of the state it checked.
 */
export async function expectAccessible(page: Page, state: string) {
  // The sticky header (shell/src/app/layout/header.css) covers whatever a click or a focus scrolled beneath it,
  // and axe's target-size counts a link there as obscured: the page is checked from its top, where the header
  // covers nothing and every target is where a reader scrolls to it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `a11y-${state}`);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  expect.soft(blocking, state).toEqual([]);
  await expect.soft(page.locator('h1'), `${state}: one h1`).toHaveCount(1);
  const mismatched = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[aria-label], button[aria-label]')]
      // Symbols (« ‹ › ») are not text a speech user would say (WCAG 2.5.3 understanding).
      .filter((element) => /[\p{L}\p{N}]/u.test(element.innerText))
      .filter((element) => {
        const name = element.getAttribute('aria-label')!.toLowerCase();
        return !name.startsWith(element.innerText.trim().replace(/\s+/g, ' ').toLowerCase());
      })
      .map((element) => `${element.getAttribute('aria-label')} ≠ ${element.innerText}`),
  );
  expect.soft(mismatched, `${state}: label in name`).toEqual([]);
}
