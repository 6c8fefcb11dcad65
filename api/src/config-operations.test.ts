import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-config-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `not a ConfigError: ${error}`);
    return error.message;
  }
  assert.fail('accepted');
}

/** A file holding `text`, readable only by its owner, as a secret file is. */
function secretFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}

describe('configuration for operations', () => {
  test('LOG_LEVEL takes pino’s levels; anything else is a German message naming them', () => {
    assert.equal(loadConfig({}).logLevel, 'info');
    assert.equal(loadConfig({ LOG_LEVEL: 'warn' }).logLevel, 'warn');
    assert.equal(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel, 'debug');
    assert.equal(
      refusal({ LOG_LEVEL: 'verbose' }),
      'LOG_LEVEL muss fatal, error, warn, info, debug, trace, silent sein, ist aber „verbose“',
    );
  });

  test('HOST is an address or a host name, never with a port, a scheme or brackets', () => {
    for (const host of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'api-1.intern.example'])
      assert.equal(loadConfig({ HOST: host }).host, host);
    for (const host of [
      '0.0.0.0:8080',
      'http://localhost',
      '[::1]',
      'meine maschine',
      '-start',
      'a_b',
      'ü.example',
    ])
      assert.match(refusal({ HOST: host }), /^HOST muss eine Adresse dieses Rechners .* ist aber „/, host);
  });

  test('in production WEB_BASE is an https origin without a path; in development http works', () => {
    const production = { NODE_ENV: 'production', SEAL_P12_PATH: secretFile('seal.p12', 'x') };
    assert.equal(loadConfig({ WEB_BASE: 'http://localhost:8080' }).webBase, 'http://localhost:8080');
    assert.equal(
      loadConfig({ ...production, WEB_BASE: 'https://pb.example.com/' }).webBase,
      'https://pb.example.com',
    );
    assert.match(
      refusal({ ...production, WEB_BASE: 'http://pb.example.com' }),
      /^WEB_BASE muss mit NODE_ENV=production eine https-Adresse sein .*„http:\/\/pb\.example\.com“$/,
    );
    for (const webBase of [
      'https://pb.example.com/pruefbericht',
      'https://pb.example.com/?a=1',
      'https://u:p@pb.example.com',
    ])
      assert.match(
        refusal({ ...production, WEB_BASE: webBase }),
        /^WEB_BASE ist mit NODE_ENV=production ein Ursprung ohne Pfad/,
        webBase,
      );
  });

  test('with NODE_ENV=production a missing SEAL_P12_PATH stops the start: no development seal', () => {
    assert.equal(loadConfig({}).seal.p12Path, null, 'development: the development seal');
    assert.match(
      refusal({ NODE_ENV: 'production' }),
      /^NODE_ENV=production verlangt das Siegel des Herstellers: SEAL_P12_PATH .* setzen/,
    );
    assert.equal(
      loadConfig({ NODE_ENV: 'production', SEAL_P12_PATH: secretFile('p.p12', 'x') }).production,
      true,
    );
  });

  test('secrets come from NAME or from the file NAME_FILE names, one trailing line break dropped', () => {
    const password = secretFile('seal-password', 'geheim mit Leerzeichen \n');
    assert.equal(
      loadConfig({ SEAL_P12_PASSWORD_FILE: password }).seal.p12Password,
      'geheim mit Leerzeichen ',
    );
    assert.equal(loadConfig({ SEAL_P12_PASSWORD: 'direkt' }).seal.p12Password, 'direkt');
    const url = secretFile('database-url', 'postgres://app:geheim@db.internal:5432/pb\r\n');
    assert.deepEqual(loadDatabaseConfig({ DATABASE_URL_FILE: url }), {
      kind: 'postgres',
      url: 'postgres://app:geheim@db.internal:5432/pb',
      poolMax: 10,
    });
    assert.equal(
      refusal({ SEAL_P12_PASSWORD: 'a', SEAL_P12_PASSWORD_FILE: password }),
      'SEAL_P12_PASSWORD und SEAL_P12_PASSWORD_FILE sind beide gesetzt; bitte nur eines davon',
    );
    assert.equal(
      refusal({ DATABASE_URL_FILE: path.join(dir, 'fehlt') }),
      `DATABASE_URL_FILE muss eine lesbare Datei nennen, „${path.join(dir, 'fehlt')}“ ist es nicht`,
    );
    // A refusal never repeats the secret itself.
    assert.doesNotMatch(refusal({ DATABASE_URL: 'a', DATABASE_URL_FILE: url }), /geheim/);
  });

  test('DB_POOL_MAX sets PostgreSQL connections per process (default 10)', () => {
    const url = 'postgres://app@db.internal/pb';
    assert.equal(loadConfig({ DATABASE_URL: url }).database.kind, 'postgres');
    assert.deepEqual(loadDatabaseConfig({ DATABASE_URL: url, DB_POOL_MAX: '4' }), {
      kind: 'postgres',
      url,
      poolMax: 4,
    });
    for (const value of ['0', '-1', 'zehn', '1001'])
      assert.equal(
        refusal({ DATABASE_URL: url, DB_POOL_MAX: value }),
        `DB_POOL_MAX muss eine ganze Zahl von 1 bis 1000 sein, ist aber „${value}“`,
      );
  });
});
