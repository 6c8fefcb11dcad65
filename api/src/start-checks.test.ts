import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import forge from 'node-forge';
import { testSigner } from './modules/certificate-pdf/seal-test-tools';
import { API_DIR, freePort, START_ARGS } from './test/server-process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-start-checks-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The server as `npm start` runs it, until it ends by itself: its exit code and everything it wrote. */
async function startUntilExit(env: Record<string, string>) {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: API_DIR,
    env: {
      ...process.env,
      DEMO_SEED: '0',
      DATABASE_URL: `sqlite:${path.join(dir, 'start.db')}`,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

/** One German line and exit code 1; never a stack trace, and never the database blamed. */
function assertExplained(result: { code: number | null; output: string }, message: RegExp) {
  assert.equal(result.code, 1, result.output);
  assert.match(result.output, message);
  assert.doesNotMatch(result.output, /\n\s+at |Error:/, 'a stack trace');
  assert.doesNotMatch(result.output, /Datenbank/, 'blamed on the database');
}

test('LOG_LEVEL=verbose and a HOST that is no address stop the start with a German message', async () => {
  assertExplained(
    await startUntilExit({ LOG_LEVEL: 'verbose' }),
    /Konfigurationsfehler: LOG_LEVEL muss fatal, error, warn, info, debug, trace, silent sein, ist aber „verbose“/,
  );
  assertExplained(
    await startUntilExit({ HOST: '0.0.0.0:8080' }),
    /Konfigurationsfehler: HOST muss eine Adresse dieses Rechners/,
  );
  // 192.0.2.1 is a documentation address (RFC 5737): no machine has it.
  assertExplained(
    await startUntilExit({ HOST: '192.0.2.1' }),
    /Konfigurationsfehler: HOST=192\.0\.2\.1 PORT=\d+ gehört nicht zu diesem Rechner/,
  );
});

test('with NODE_ENV=production a missing seal, an http WEB_BASE and one with a path stop the start', async () => {
  assertExplained(
    await startUntilExit({ NODE_ENV: 'production' }),
    /Konfigurationsfehler: NODE_ENV=production verlangt das Siegel des Herstellers: SEAL_P12_PATH/,
  );
  const seal = path.join(dir, 'any.p12');
  fs.writeFileSync(seal, 'x');
  assertExplained(
    await startUntilExit({ NODE_ENV: 'production', SEAL_P12_PATH: seal, WEB_BASE: 'http://pb.example.com' }),
    /Konfigurationsfehler: WEB_BASE muss mit NODE_ENV=production eine https-Adresse sein/,
  );
  assertExplained(
    await startUntilExit({
      NODE_ENV: 'production',
      SEAL_P12_PATH: seal,
      WEB_BASE: 'https://pb.example.com/pb',
    }),
    /Konfigurationsfehler: WEB_BASE ist mit NODE_ENV=production ein Ursprung ohne Pfad/,
  );
});

test('a wrong seal password (from SEAL_P12_PASSWORD_FILE) stops the start naming the password, not the database', async () => {
  const signer = testSigner('Hersteller GmbH Siegel');
  const seal = path.join(dir, 'seal.p12');
  const asn1 = forge.pkcs12.toPkcs12Asn1(signer.forgeKey, [signer.forgeCertificate], 'richtig');
  fs.writeFileSync(seal, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  const password = path.join(dir, 'seal-password');
  fs.writeFileSync(password, 'falsch\n', { mode: 0o600 });
  assertExplained(
    await startUntilExit({ SEAL_P12_PATH: seal, SEAL_P12_PASSWORD_FILE: password }),
    /Siegel aus SEAL_P12_PATH nicht lesbar: das Passwort \(SEAL_P12_PASSWORD\) stimmt nicht/,
  );
});
