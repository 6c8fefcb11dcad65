import type { Page } from '@playwright/test';
import { deploy, deploymentForThisFile, openWatched, signInAcross } from '../support/deployment';
import { expect, remoteScreen, snap, test } from '../support/fixtures';
import { skewedBuildDir } from '../support/skewed-builds';

/**
 * Issue 14, item 4: a remote built against another version of a shared singleton than the shell's
 * (docs/architecture.md#module-federation). Another major version is refused: the remote's screens show the
 * fallback, the console names the loaded version and the one the remote was built for, nothing crashes and the
 * other remotes keep working. A newer minor version loads. The builds: e2e/support/skewed-builds.ts.
 */

const deployment = deploymentForThisFile();

const machineList = (page: Page) => page.locator('[data-remote="machines/MachineList"]');
const refusal = /Version der geteilten Module passt nicht/;

const majorSkews = [
  {
    build: 'shared-ui-2',
    message: /shared-ui: mfe_machines braucht \^2\.0\.0 \(gebaut mit 2\.0\.0\), geladen ist 1\.0\.0/,
  },
  {
    build: 'react-18',
    message: /react: mfe_machines braucht \^18\.3\.0 \(gebaut mit 18\.3\.1\), geladen ist 19\.\d+\.\d+/,
  },
] as const;

for (const { build, message } of majorSkews) {
  test(`a remote built for another major version (${build}) shows its fallback and names both versions`, async ({
    page,
    context,
  }) => {
    const { shell, folders } = deployment();
    await signInAcross(page, deployment());
    deploy(skewedBuildDir(build), folders.machines);

    const tab = await context.newPage();
    const { messages, uncaught } = await openWatched(tab, `${shell}/?tab=machine_list`);
    await expect(machineList(tab).getByRole('alert')).toContainText('Modul derzeit nicht verfügbar');
    await expect(machineList(tab).getByRole('table')).toHaveCount(0);
    await snap(tab, `version-skew-${build}`);
    await expect
      .poll(() => messages.filter((text) => message.test(text)).length, { message: messages.join('\n') })
      .toBeGreaterThan(0);

    // Only this remote is refused: the certificates remote, on the shell's singletons, keeps working.
    await tab.getByRole('link', { name: 'Daten' }).click();
    await expect(remoteScreen(tab, 'certificates/CertificateList').getByRole('table')).toBeVisible();
    expect(uncaught).toEqual([]);
  });
}

test('a remote built with a newer minor version of shared-ui and react loads', async ({ page, context }) => {
  const { shell, folders } = deployment();
  await signInAcross(page, deployment());
  deploy(skewedBuildDir('minor-update'), folders.machines);

  const tab = await context.newPage();
  const { messages, uncaught } = await openWatched(tab, `${shell}/?tab=machine_list`);
  await expect(remoteScreen(tab, 'machines/MachineList').getByRole('table')).toBeVisible();
  await tab.getByRole('link', { name: '+ HINZUFÜGEN' }).click();
  await expect(remoteScreen(tab, 'machines/MachineForm').getByText('Version minor-update')).toBeVisible();
  expect(messages.filter((text) => refusal.test(text))).toEqual([]);
  expect(uncaught).toEqual([]);
});
