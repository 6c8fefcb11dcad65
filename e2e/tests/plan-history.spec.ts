import { apiPaths, DEFAULT_PLAN_STEPS } from 'contracts';
import { expectAccessible } from '../support/a11y';
import { apiUrl, expect, signIn, snap, test } from '../support/fixtures';
import { measuredInsulation } from '../support/plan-data';
import { createLandingMachine } from './landing-data';

/**
 * A test plan's history (api/src/modules/test-plans): each version with who saved it, when and why, an earlier
 * version opened read-only, two versions compared, and the reason a new version cannot be saved without.
 */

const REASON = 'Grenzwert nach Kundenvorgabe verschärft, Ableitstrom ergänzt';

test('plan history: a new version needs a reason, an older version opens, two versions compared, linked from the trail', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const token = await signIn(page, '/login');
  const { machineId } = await createLandingMachine(
    baseURL!,
    token,
    `Historienmaschine ${Date.now().toString(36)}`,
  );
  // Version 1: the default plan with its insulation resistance measured, at least 1 MΩ.
  const steps = DEFAULT_PLAN_STEPS.map((step) =>
    step.key === measuredInsulation.key ? measuredInsulation : step,
  );
  const first = await page.request.put(apiUrl(apiPaths.machineTestPlan(machineId)), {
    headers: { authorization: token },
    data: { steps, based_on: 0 },
  });
  expect(first.status()).toBe(200);
  // The API refuses a second version without a reason, in German.
  const bare = await page.request.put(apiUrl(apiPaths.machineTestPlan(machineId)), {
    headers: { authorization: token },
    data: { steps, based_on: 1 },
  });
  expect(bare.status()).toBe(400);
  expect((await bare.json()).error.fields.reason).toBe(
    'Bitte geben Sie an, warum der Prüfplan geändert wird (Änderungsgrund).',
  );

  // In the editor: the limit raised to 2 MΩ and a step added.
  await page.goto(`/machines/${machineId}/test-plan`);
  await expect(page.getByTestId('plan-version')).toContainText('Version 1');
  const position = steps.findIndex((step) => step.key === measuredInsulation.key) + 1;
  await page.getByRole('button', { name: `Bearbeiten: Schritt ${position}`, exact: true }).click();
  const insulation = page.getByRole('region', { name: new RegExp(`^Schritt ${position}\\b`) });
  await insulation.getByLabel('Untere Grenze').fill('2');
  await page.getByRole('button', { name: '+ SCHRITT HINZUFÜGEN' }).click();
  const added = page.getByRole('region', { name: new RegExp(`^Schritt ${steps.length + 1}\\b`) });
  await added.getByLabel('Deutsch *').fill('Ableitstrom');
  await added.getByLabel('Englisch').fill('Leakage current');

  // Saved without a reason: refused at the field, nothing sent.
  const reason = page.getByLabel('Änderungsgrund *');
  await page.getByRole('button', { name: 'SPEICHERN', exact: true }).click();
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(
    /Bitte geben Sie an, warum der Prüfplan geändert wird \(Änderungsgrund\)\./,
  );
  await expect(page.getByTestId('plan-version')).toContainText('Version 1');
  await expectAccessible(page, 'plan-history-reason-missing');
  await reason.fill(REASON);
  await page.getByRole('button', { name: 'SPEICHERN', exact: true }).click();
  await expect(page.getByText('Prüfplan gespeichert: Version 2.')).toBeVisible();
  await expect(page.getByTestId('plan-reason')).toHaveText(`Änderungsgrund: ${REASON}`);

  // The versions, newest first, each with its reason.
  const versions = page.getByRole('table', { name: 'Versionen' });
  await expect(versions.getByRole('row').nth(1)).toContainText('Version 2 (aktuell)');
  await expect(versions.getByRole('row').nth(1)).toContainText(REASON);
  await expect(versions.getByRole('row').nth(2)).toContainText('erste Version');

  // Version 1 against version 2: the step added and the limit changed.
  await expect(page.getByLabel('Von Version')).toHaveValue('1');
  await expect(page.getByLabel('Bis Version')).toHaveValue('2');
  await page.getByRole('button', { name: 'VERGLEICHEN' }).click();
  const diff = page.getByTestId('plan-diff');
  await expect(diff).toContainText('Änderungen von Version 1 zu Version 2');
  await expect(diff.getByRole('listitem').filter({ hasText: 'Ableitstrom (ableitstrom)' })).toBeVisible();
  await expect(diff).toContainText('Untere Grenze: 1 MΩ → 2 MΩ');
  await diff.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'plan-history-diff');
  await snap(page, 'plan-history-diff-1366');
  await page.setViewportSize({ width: 1024, height: 768 });
  await snap(page, 'plan-history-diff-1024');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Version 1 read-only, from the list.
  await versions.getByRole('link', { name: 'Version 1', exact: true }).click();
  await expect(page).toHaveURL(`/machines/${machineId}/test-plan?version=1`);
  await expect(page.getByRole('note')).toHaveText(
    /Sie sehen Version 1, nicht die aktuelle Version 2\.\s*Zur aktuellen Version/,
  );
  await expect(page.getByRole('row').filter({ hasText: 'insulation_resistance' })).toContainText('≥ 1 MΩ');
  await expect(page.getByRole('button', { name: 'SPEICHERN', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'plan-history-older');
  await snap(page, 'plan-history-older-1366');
  await page.setViewportSize({ width: 1024, height: 768 });
  await snap(page, 'plan-history-older-1024');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The audit trail links each plan change to its version.
  await page.goto(`/admin/audit?subject_type=machine&subject_id=${machineId}&action=test_plan.changed`);
  const trail = page.getByRole('table', { name: 'Protokoll' });
  await expect(trail.getByRole('row')).toHaveCount(3);
  await expect(trail.getByRole('row').nth(1)).toContainText(REASON);
  await snap(page, 'plan-history-audit-1366');
  await trail.getByRole('link', { name: 'Prüfplan, Version 1' }).click();
  await expect(page).toHaveURL(`/machines/${machineId}/test-plan?version=1`);
  await expect(page.getByRole('note')).toContainText('Sie sehen Version 1');
});
