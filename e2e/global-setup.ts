import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpServer } from 'api/test/smtp-server';
import { SKEWED_BUILDS, skewedBuildDir } from './support/skewed-builds';

const root = path.resolve(import.meta.dirname, '..');
export const E2E_USER = { email: 'e2e@example.com', password: 'e2e-Passwort-123' };

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited with ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server not healthy after 60 s:\n${output()}`);
}

/** A second build of the machines remote, its form marked „Version e2e-v2“: rolling-update.spec.ts deploys it. */
export const MACHINES_V2 = path.join(import.meta.dirname, '.builds', 'machines-v2');

function buildMachinesV2() {
  if (fs.existsSync(path.join(MACHINES_V2, 'mf-manifest.json'))) return;
  console.log('Frontends: baue mfe-machines als „e2e-v2“ …');
  const result = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', MACHINES_V2], {
    cwd: path.join(root, 'mfe-machines'),
    env: { ...process.env, BUILD_LABEL: 'e2e-v2', NODE_OPTIONS: '--import tsx' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building mfe-machines e2e-v2 failed');
}

/** The machines remote as if built against other versions of shared singletons: version-skew.spec.ts. */
function buildSkewedMachines() {
  if (SKEWED_BUILDS.every((name) => fs.existsSync(path.join(skewedBuildDir(name), 'mf-manifest.json'))))
    return;
  console.log('Frontends: baue mfe-machines gegen andere Versionen der geteilten Module …');
  const result = spawnSync(
    'npx',
    [
      'webpack',
      '--mode',
      'production',
      '--config',
      path.join(import.meta.dirname, 'support', 'skewed-builds.webpack.config.ts'),
    ],
    {
      cwd: path.join(root, 'mfe-machines'),
      env: { ...process.env, NODE_OPTIONS: '--import tsx' },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('Building the skewed mfe-machines builds failed');
}

/**
 * Builds missing frontends, creates a fresh SQLite database with the e2e user, starts the real server
 * (`api/dist/main.js`, built by `npm run build -w api`) on the chosen port and stops it after the run.
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT!;
  const build = spawnSync(process.execPath, ['scripts/build-missing.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the frontends failed');
  buildMachinesV2();
  buildSkewedMachines();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pruefbericht-e2e-'));
  fs.mkdirSync(path.join(import.meta.dirname, 'artifacts'), { recursive: true });
  // A real SMTP server on loopback receives what the server's worker mails; the specs read the mails from
  // E2E_MAIL_DIR (e2e/support/mails.ts).
  const mailDir = path.join(dir, 'mails');
  fs.mkdirSync(mailDir);
  const smtp = await startSmtpServer({ saveTo: mailDir });
  process.env.E2E_MAIL_DIR = mailDir;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dir, 'e2e.db')}`,
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    // Every browser of the suite is one client address; the customer call's limit has its own API tests.
    PUBLIC_RATE_LIMIT: '100000',
    // The customer page and the staff header show them (e2e/tests/landing-customer.spec.ts).
    COMPANY_EMAIL: 'service@bds-maschinen.example',
    COMPANY_PHONE: '+49 2161 123456',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'pruefbericht@bds-maschinen.example',
  };
  // Tests that must arrange what no screen makes (a job that failed for good) open the database by this.
  process.env.E2E_DATABASE_FILE = path.join(dir, 'e2e.db');
  delete env.LABEL_PRINT_URL;
  delete env.WEB_BASE;

  const user = spawnSync(
    'npm',
    ['run', 'user', '-w', 'api', '--', 'add', '--email', E2E_USER.email],
    // The password on standard input: the command refuses it as an argument.
    { cwd: root, env, encoding: 'utf8', input: `${E2E_USER.password}\n` },
  );
  if (user.status !== 0) throw new Error(`Creating the e2e user failed:\n${user.stdout}\n${user.stderr}`);

  let log = '';
  const server = spawn(process.execPath, ['api/dist/main.js'], { cwd: root, env });
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  // Ready, not only alive: the server listens before its database answers (api/src/main.ts).
  await waitForHealth(`http://127.0.0.1:${port}/api/readyz`, server, () => log);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(null);
      else server.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
