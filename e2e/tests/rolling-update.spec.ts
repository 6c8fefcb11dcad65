import path from 'node:path';
import type { Page } from '@playwright/test';
import { MACHINES_V2 } from '../global-setup';
import {
  deploy,
  deploymentForThisFile,
  openWatched,
  removeOldFiles,
  signInAcross,
} from '../support/deployment';
import { expect, remoteScreen, snap, test } from '../support/fixtures';

/**
 * Issue 14, item 3: a remote deployed anew and rolled back while staff have it open, the shell untouched, each
 * step as README.md#deploying-one-remote gives it. Version 2 is the machines remote built with
 * BUILD_LABEL=e2e-v2 (e2e/global-setup.ts): its form says „Version e2e-v2“.
 */

const V1 = path.resolve(import.meta.dirname, '../../mfe-machines/dist');
const V2_MARK = 'Version e2e-v2';

const deployment = deploymentForThisFile();

/** A page whose uncaught errors are collected: none may happen, whatever is deployed under it. */
const openTab = async (page: Page, url: string) => (await openWatched(page, url)).uncaught;

const machineList = (page: Page) => remoteScreen(page, 'machines/MachineList').getByRole('table');
const addMachine = (page: Page) => page.getByRole('link', { name: '+ HINZUFÜGEN' }).click();
const form = (page: Page) => remoteScreen(page, 'machines/MachineForm');

test('a remote is updated and rolled back while open, without rebuilding the shell', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const { shell, folders } = deployment();
  await signInAcross(page, deployment());
  const listUrl = `${shell}/?tab=machine_list`;

  // Two staff members with version 1 of the machine list open; B in a browser of their own (no shared cache).
  const tabA = page;
  const uncaughtA = await openTab(tabA, listUrl);
  const otherBrowser = await browser.newContext();
  const tabB = await otherBrowser.newPage();
  await signInAcross(tabB, deployment());
  const uncaughtB = await openTab(tabB, listUrl);
  for (const tab of [tabA, tabB]) await expect(machineList(tab)).toBeVisible();

  // Steps 2–4: version 2 deployed, hashed files first, the manifest last.
  deploy(MACHINES_V2, folders.machines);

  // (a) A new page load gets version 2.
  const fresh = await context.newPage();
  const uncaughtFresh = await openTab(fresh, `${shell}/machines`);
  await expect(form(fresh).getByText(V2_MARK)).toBeVisible();

  // (b) The open tab keeps working: version 1's lazy chunk of the form is still there.
  await addMachine(tabA);
  await expect(form(tabA).getByRole('heading', { name: 'MASCHINE HINZUFÜGEN' })).toBeVisible();
  await expect(form(tabA).getByText(V2_MARK)).toHaveCount(0);

  // Step 5: the grace period is over, version 1's files are gone. Tab B, still on version 1, needs its form
  // chunk now: the fallback, and its button reloads the page with version 2.
  removeOldFiles(folders.machines, [MACHINES_V2]);
  await addMachine(tabB);
  await expect(tabB.getByText('Modul derzeit nicht verfügbar')).toBeVisible();
  await snap(tabB, 'rolling-update-fallback');
  await tabB.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(form(tabB).getByText(V2_MARK)).toBeVisible();
  await expect(tabB.getByText('Modul derzeit nicht verfügbar')).toHaveCount(0);

  // (c) Rolled back to version 1 the same way: a new load gets version 1, the open version-2 tabs keep working.
  deploy(V1, folders.machines);
  const rolledBack = await context.newPage();
  const uncaughtRolledBack = await openTab(rolledBack, `${shell}/machines`);
  await expect(form(rolledBack).getByRole('heading', { name: 'MASCHINE HINZUFÜGEN' })).toBeVisible();
  await expect(form(rolledBack).getByText(V2_MARK)).toHaveCount(0);
  await fresh.getByRole('link', { name: 'Zurück' }).click();
  await expect(machineList(fresh)).toBeVisible();

  await otherBrowser.close();
  expect([...uncaughtA, ...uncaughtB, ...uncaughtFresh, ...uncaughtRolledBack]).toEqual([]);
});
