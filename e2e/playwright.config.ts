import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** A free port, chosen once in the runner; workers inherit it through the environment. */
function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}
process.env.E2E_PORT ??= freePort();

export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
export const artifacts = path.join(import.meta.dirname, 'artifacts');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  // A limit, never a wait: on a day this machine ran at half its speed (2026-11-29) tests of 15 s took 30.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // One server, one database, sign-in limits per address: tests run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
