import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** loadConfig refuses `env` with exactly this German message. */
function assertRefused(env: NodeJS.ProcessEnv, message: string) {
  assert.throws(
    () => loadConfig(env),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, `not a ConfigError: ${error}`);
      assert.equal(error.message, message);
      return true;
    },
  );
}

describe('configuration', () => {
  test('an empty environment gives the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.deepEqual(config.database, {
      kind: 'sqlite',
      file: path.join(repoRoot, 'data', 'pruefbericht.db'),
    });
    assert.equal(config.demoSeed, true);
    assert.equal(config.webBase, null);
    assert.equal(config.labelPrintUrl, null);
    assert.equal(config.qrFormat, 'landing');
    assert.equal(config.companyName, 'BDS Maschinen GmbH');
    assert.equal(config.companyAddress, 'Martinstrasse 108, 41063 Mönchengladbach, Germany');
    assert.deepEqual(config.corsOrigins, []);
    assert.equal(config.sessionIdleMinutes, 120);
    assert.equal(config.sessionMaxHours, 10);
    assert.equal(config.trustProxy, null);
    assert.equal(config.publicRateLimit, 60);
    assert.deepEqual(config.remoteManifests, {
      certificates: '/remotes/certificates/mf-manifest.json',
      machines: '/remotes/machines/mf-manifest.json',
      landing: '/remotes/landing/mf-manifest.json',
    });
  });

  test('a remote deployed on its own host is named by its manifest URL, and the CSP allows that origin', async () => {
    const env = { REMOTE_MACHINES_URL: 'https://machines.cdn.example/v2/mf-manifest.json' };
    const config = loadConfig(env);
    assert.equal(config.remoteManifests.machines, env.REMOTE_MACHINES_URL);
    assert.equal(config.remoteManifests.landing, '/remotes/landing/mf-manifest.json');
    assertRefused(
      { REMOTE_LANDING_URL: 'javascript:alert(1)' },
      'REMOTE_LANDING_URL muss eine http(s)-Adresse sein, ist aber „javascript:alert(1)“',
    );
    const database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const app = await buildApp({ config, database });
    try {
      const csp = String((await app.inject({ url: '/api/healthz' })).headers['content-security-policy']);
      assert.match(csp, /script-src 'self' https:\/\/machines\.cdn\.example;/);
      assert.match(csp, /connect-src 'self' https:\/\/machines\.cdn\.example(;|$)/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  test('the CSP lets pages show COMPANY_LOGO from its own host, and only images from there', async () => {
    const config = loadConfig({ COMPANY_LOGO: 'https://cdn.bds.example/brand/logo.svg' });
    const database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const app = await buildApp({ config, database });
    try {
      const csp = String((await app.inject({ url: '/api/healthz' })).headers['content-security-policy']);
      assert.match(csp, /img-src 'self' data: blob: https:\/\/cdn\.bds\.example(;|$)/);
      assert.doesNotMatch(csp, /script-src[^;]*cdn\.bds\.example/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  test('empty values count as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: ' ',
      DEMO_SEED: '',
      COMPANY_NAME: '  ',
      WEB_BASE: '',
      SESSION_IDLE_MINUTES: '',
      QR_FORMAT: ' ',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.demoSeed, true);
    assert.equal(config.sessionIdleMinutes, 120);
    assert.equal(config.database.kind, 'sqlite');
    assert.equal(config.companyName, 'BDS Maschinen GmbH');
    assert.equal(config.webBase, null);
    assert.equal(config.qrFormat, 'landing');
  });

  test('explicit values are taken', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DEMO_SEED: '0',
      WEB_BASE: 'https://pruef.example.com/',
      LABEL_PRINT_URL: 'http://labels.example.com/print',
      COMPANY_NAME: ' Muster GmbH ',
      COMPANY_ADDRESS: 'Hauptstraße 1, 10115 Berlin',
      CORS_ORIGINS: 'https://a.example, https://b.example,,',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: '24',
      TRUST_PROXY: '10.0.0.1',
      PUBLIC_RATE_LIMIT: '120',
      QR_FORMAT: ' gs1 ',
    });
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.demoSeed, false);
    assert.equal(config.webBase, 'https://pruef.example.com');
    assert.equal(config.labelPrintUrl, 'http://labels.example.com/print');
    assert.equal(config.companyName, 'Muster GmbH');
    assert.equal(config.companyAddress, 'Hauptstraße 1, 10115 Berlin');
    assert.deepEqual(config.corsOrigins, ['https://a.example', 'https://b.example']);
    assert.equal(config.sessionIdleMinutes, 30);
    assert.equal(config.sessionMaxHours, 24);
    assert.deepEqual(config.trustProxy, ['10.0.0.1']);
    assert.equal(config.publicRateLimit, 120);
    assert.equal(config.qrFormat, 'gs1');
    assert.equal(loadConfig({ QR_FORMAT: 'landing' }).qrFormat, 'landing');
  });

  test('TRUST_PROXY names proxies by address or range, never everybody', () => {
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy, [
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    assert.throws(() => loadConfig({ TRUST_PROXY: '1' }), /keine Anzahl/);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), /TRUST_PROXY=true würde jedem Absender glauben/);
    for (const wrong of ['yes', '0', '0.0.0.0/0', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example.com', ','])
      assert.throws(() => loadConfig({ TRUST_PROXY: wrong }), ConfigError, wrong);
  });

  test('the seal: SEAL_P12_PATH must be a readable file, SEAL_TSA_URL an http(s) address', () => {
    const passphraseFile = path.join(repoRoot, 'data', 'development-seal.passphrase');
    const development = { developmentPassphrase: null, developmentPassphraseFile: passphraseFile };
    assert.deepEqual(loadConfig({}).seal, { p12Path: null, p12Password: '', tsaUrl: null, ...development });
    const file = import.meta.filename;
    assert.deepEqual(
      loadConfig({
        SEAL_P12_PATH: file,
        SEAL_P12_PASSWORD: ' geheim ',
        SEAL_TSA_URL: 'https://tsa.example/tsr',
        SEAL_DEVELOPMENT_PASSPHRASE: 'betrieb',
        DATABASE_URL: 'sqlite:/srv/pb/pb.db',
      }).seal,
      {
        p12Path: file,
        p12Password: ' geheim ',
        tsaUrl: 'https://tsa.example/tsr',
        developmentPassphrase: 'betrieb',
        developmentPassphraseFile: '/srv/pb/development-seal.passphrase',
      },
    );
    const missing = path.join(repoRoot, 'kein-siegel.p12');
    assertRefused(
      { SEAL_P12_PATH: missing },
      `SEAL_P12_PATH muss eine lesbare PKCS#12-Datei sein, „${missing}“ ist es nicht`,
    );
    for (const wrong of ['ftp://tsa.example', 'tsa.example', 'javascript:alert(1)'])
      assertRefused(
        { SEAL_TSA_URL: wrong },
        `SEAL_TSA_URL muss eine http(s)-Adresse sein, ist aber „${wrong}“`,
      );
  });

  test('QR_FORMAT other than landing or gs1 is refused', () => {
    for (const value of ['GS1', 'gs1,landing', 'digital-link', '<script>'])
      assertRefused({ QR_FORMAT: value }, `QR_FORMAT muss „landing“ oder „gs1“ sein, ist aber „${value}“`);
  });

  test('INSPECTION_DOCUMENT is the EN 10204 type 3.1 unless set to 2.2; anything else is refused', () => {
    assert.equal(loadConfig({}).inspectionDocument, '3.1');
    assert.equal(loadConfig({ INSPECTION_DOCUMENT: ' ' }).inspectionDocument, '3.1');
    assert.equal(loadConfig({ INSPECTION_DOCUMENT: ' 2.2 ' }).inspectionDocument, '2.2');
    for (const value of ['3.2', '2.1', '3,1', '<script>'])
      assertRefused(
        { INSPECTION_DOCUMENT: value },
        `INSPECTION_DOCUMENT muss „3.1“ oder „2.2“ (Typ nach EN 10204) sein, ist aber „${value}“`,
      );
  });

  test('CORS_ORIGINS is written the way a browser sends its Origin, and an entry with a path is refused', () => {
    assert.deepEqual(
      loadConfig({ CORS_ORIGINS: 'https://App.example.com/, http://127.0.0.2:8080, https://b.example:443' })
        .corsOrigins,
      ['https://app.example.com', 'http://127.0.0.2:8080', 'https://b.example'],
    );
    for (const entry of [
      'https://a.example/app',
      'a.example',
      'ftp://a.example',
      'https://a.example/?x=1',
      '*',
    ])
      assertRefused(
        { CORS_ORIGINS: `https://ok.example,${entry}` },
        `CORS_ORIGINS nimmt nur Ursprünge wie https://app.example.com (ohne Pfad), nicht „${entry}“`,
      );
  });

  test('COMPANY_EMAIL, COMPANY_PHONE and COMPANY_LOGO: unset is null, set is checked and trimmed', () => {
    const unset = loadConfig({ COMPANY_EMAIL: ' ', COMPANY_PHONE: '' });
    assert.deepEqual([unset.companyEmail, unset.companyPhone, unset.companyLogo], [null, null, null]);
    const set = loadConfig({
      COMPANY_EMAIL: ' service@bds.example ',
      COMPANY_PHONE: ' +49 (0)2161 123-456 ',
      COMPANY_LOGO: 'https://cdn.example/logo.png',
    });
    assert.deepEqual(
      [set.companyEmail, set.companyPhone, set.companyLogo],
      ['service@bds.example', '+49 (0)2161 123-456', 'https://cdn.example/logo.png'],
    );
    for (const email of ['keine-adresse', 'a@b', 'a b@c.de', `${'x'.repeat(250)}@bds.example`, '<a@b.de>'])
      assertRefused(
        { COMPANY_EMAIL: email },
        `COMPANY_EMAIL muss eine E-Mail-Adresse (höchstens 254 Zeichen) sein, ist aber „${email}“`,
      );
    for (const phone of ['ruf an', '12', '+49 2161 123456 '.repeat(3).trim(), 'tel:+49', '+49 2161<script>'])
      assertRefused(
        { COMPANY_PHONE: phone },
        `COMPANY_PHONE muss eine Telefonnummer (Ziffern, Leerzeichen, + ( ) / -, höchstens 30 Zeichen) sein, ist aber „${phone}“`,
      );
    for (const logo of ['logo.png', 'javascript:alert(1)', 'ftp://cdn.example/logo.png'])
      assertRefused(
        { COMPANY_LOGO: logo },
        `COMPANY_LOGO muss eine http(s)-Adresse sein, ist aber „${logo}“`,
      );
  });

  test('SMTP_URL and MAIL_FROM: unset is no mail; set, both are needed and checked', () => {
    assert.equal(loadConfig({ SMTP_URL: ' ', MAIL_FROM: '' }).mail, null);
    assert.deepEqual(
      loadConfig({
        SMTP_URL: ' smtps://pb:geheim@mail.example:465 ',
        MAIL_FROM: ' pruefbericht@bds.example ',
      }).mail,
      { url: 'smtps://pb:geheim@mail.example:465', from: 'pruefbericht@bds.example' },
    );
    assertRefused(
      { SMTP_URL: 'smtp://mail.example' },
      'SMTP_URL verlangt MAIL_FROM, die Absenderadresse der E-Mails',
    );
    assertRefused(
      { MAIL_FROM: 'pb@bds.example' },
      'MAIL_FROM ist gesetzt, SMTP_URL aber nicht: ohne SMTP-Server wird nichts gesendet',
    );
    for (const url of ['mail.example', 'http://mail.example', 'smtp://', 'smtp://pb:geheim@'])
      assertRefused(
        { SMTP_URL: url, MAIL_FROM: 'pb@bds.example' },
        'SMTP_URL muss eine Adresse wie smtp://benutzer:passwort@mail.example:587 oder smtps://… sein',
      );
    for (const from of ['pb', 'pb@bds.example\r\nBcc: x@evil.example', '"PB" <pb@bds.example>'])
      assertRefused(
        { SMTP_URL: 'smtp://mail.example', MAIL_FROM: from },
        `MAIL_FROM muss eine E-Mail-Adresse (höchstens 254 Zeichen) sein, ist aber „${from.trim()}“`,
      );
  });

  test('DATABASE_URL sqlite: takes a path relative to the working directory, or :memory:', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'sqlite:./data/pb.db' }).database, {
      kind: 'sqlite',
      file: path.resolve('data/pb.db'),
    });
    assert.deepEqual(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/pb/pb.db' }).database, {
      kind: 'sqlite',
      file: '/var/lib/pb/pb.db',
    });
    assert.deepEqual(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database, {
      kind: 'sqlite',
      file: ':memory:',
    });
  });

  test('DATABASE_URL postgres:// and postgresql:// select PostgreSQL with the URL unchanged', () => {
    for (const url of [
      'postgres://pb:geheim@db.example:5432/pb',
      'postgresql://localhost/pb?sslmode=require',
    ]) {
      assert.deepEqual(loadConfig({ DATABASE_URL: url }).database, { kind: 'postgres', url, poolMax: 10 });
    }
  });

  test('PORT that is not a number is refused with a German message', () => {
    assertRefused({ PORT: 'abc' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „abc“');
  });

  test('PORT out of range or not whole is refused', () => {
    assertRefused({ PORT: '70000' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „70000“');
    assertRefused({ PORT: '0' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „0“');
    assertRefused({ PORT: '-1' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „-1“');
    assertRefused({ PORT: '80.5' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „80.5“');
    assertRefused({ PORT: '8080abc' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „8080abc“');
    // Number() would read these as 80 and 1000.
    assertRefused({ PORT: '0x50' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „0x50“');
    assertRefused({ PORT: '1e3' }, 'PORT muss eine ganze Zahl von 1 bis 65535 sein, ist aber „1e3“');
  });

  test('DEMO_SEED other than 0 or 1 is refused', () => {
    assertRefused({ DEMO_SEED: '2' }, 'DEMO_SEED muss 0 oder 1 sein, ist aber „2“');
    assertRefused({ DEMO_SEED: 'yes' }, 'DEMO_SEED muss 0 oder 1 sein, ist aber „yes“');
  });

  test('DATABASE_URL of another database is refused', () => {
    assertRefused(
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL muss mit sqlite: oder postgres:// beginnen, ist aber „mysql://x“',
    );
    assertRefused(
      { DATABASE_URL: 'sqlite:' },
      'DATABASE_URL „sqlite:“ braucht einen Dateipfad, z. B. sqlite:./data/pb.db',
    );
  });

  test('WEB_BASE and LABEL_PRINT_URL must be http(s)', () => {
    assertRefused(
      { WEB_BASE: 'javascript:alert(1)' },
      'WEB_BASE muss eine http(s)-Adresse sein, ist aber „javascript:alert(1)“',
    );
    assertRefused({ WEB_BASE: 'kein url' }, 'WEB_BASE muss eine http(s)-Adresse sein, ist aber „kein url“');
    assertRefused(
      { LABEL_PRINT_URL: 'ftp://labels.example' },
      'LABEL_PRINT_URL muss eine http(s)-Adresse sein, ist aber „ftp://labels.example“',
    );
  });

  test('session limits must be positive whole numbers', () => {
    assertRefused(
      { SESSION_IDLE_MINUTES: '0' },
      'SESSION_IDLE_MINUTES muss eine ganze Zahl von 1 bis 43200 sein, ist aber „0“',
    );
    assertRefused(
      { SESSION_MAX_HOURS: 'zehn' },
      'SESSION_MAX_HOURS muss eine ganze Zahl von 1 bis 8760 sein, ist aber „zehn“',
    );
  });
});
