import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from './config';

const BASE = {
  OIDC_ISSUER: 'https://login.example.com/realms/firma',
  OIDC_CLIENT_ID: 'pruefbericht',
  OIDC_CLIENT_SECRET: 'geheim',
  OIDC_ROLE_MAP: 'QS-Freigabe=freigabe,Pruefer=pruefer,IT-Admins=admin',
};

const refused = (env: NodeJS.ProcessEnv, message: RegExp) =>
  assert.throws(
    () => loadConfig(env),
    (error: Error) => error instanceof ConfigError && message.test(error.message),
  );

describe('configuration of the company account (OIDC_*)', () => {
  test('without OIDC_ISSUER nothing is configured, whatever else is set', () => {
    assert.equal(loadConfig({ OIDC_CLIENT_ID: 'x', OIDC_ROLE_MAP: 'kaputt' }).directory, null);
  });

  test('the defaults and the role map of the documentation', () => {
    const directory = loadConfig(BASE).directory!;
    assert.equal(directory.issuer.href, 'https://login.example.com/realms/firma');
    assert.equal(directory.scopes, 'openid email profile');
    assert.equal(directory.rolesClaim, 'groups');
    assert.equal(directory.buttonLabel, 'Mit Firmenkonto anmelden');
    assert.deepEqual(Object.fromEntries(directory.roleMap), {
      'QS-Freigabe': ['freigabe'],
      Pruefer: ['pruefer'],
      'IT-Admins': ['admin'],
    });
  });

  test('one group may give several roles, in either notation', () => {
    const plain = loadConfig({ ...BASE, OIDC_ROLE_MAP: 'QS=pruefer, QS=freigabe' }).directory!;
    const json = loadConfig({ ...BASE, OIDC_ROLE_MAP: '{"QS": ["pruefer", "freigabe"]}' }).directory!;
    assert.deepEqual(plain.roleMap.get('QS'), ['pruefer', 'freigabe']);
    assert.deepEqual(json.roleMap.get('QS'), ['pruefer', 'freigabe']);
  });

  test('the secret comes from OIDC_CLIENT_SECRET_FILE, never from both', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pb-oidc-')), 'secret');
    fs.writeFileSync(file, 'aus-der-datei\n');
    const withoutSecret = { ...BASE, OIDC_CLIENT_SECRET: undefined };
    assert.equal(
      loadConfig({ ...withoutSecret, OIDC_CLIENT_SECRET_FILE: file }).directory!.clientSecret,
      'aus-der-datei',
    );
    refused(
      { ...BASE, OIDC_CLIENT_SECRET_FILE: file },
      /OIDC_CLIENT_SECRET und OIDC_CLIENT_SECRET_FILE sind beide gesetzt; bitte nur eines davon/,
    );
    refused(
      { ...withoutSecret, OIDC_CLIENT_SECRET_FILE: `${file}-fehlt` },
      /OIDC_CLIENT_SECRET_FILE muss eine lesbare Datei nennen/,
    );
    refused(withoutSecret, /braucht es OIDC_CLIENT_SECRET/);
  });

  test('wrong values stop the start with a German sentence', () => {
    refused({ ...BASE, OIDC_ISSUER: 'http://login.example.com' }, /https-Adresse/);
    refused({ ...BASE, OIDC_ISSUER: 'kein url' }, /https-Adresse/);
    refused({ ...BASE, OIDC_ISSUER: 'https://login.example.com/?x=1' }, /ohne Abfrage/);
    refused({ ...BASE, OIDC_CLIENT_ID: ' ' }, /braucht es OIDC_CLIENT_ID/);
    refused({ ...BASE, OIDC_SCOPES: 'email profile' }, /muss „openid“ enthalten/);
    refused({ ...BASE, OIDC_ROLE_MAP: '' }, /braucht es OIDC_ROLE_MAP/);
    refused({ ...BASE, OIDC_ROLE_MAP: 'Pruefer' }, /hat nicht die Form Gruppe=rolle/);
    refused({ ...BASE, OIDC_ROLE_MAP: 'Pruefer=chef' }, /„chef“ ist keine Rolle/);
    refused({ ...BASE, OIDC_ROLE_MAP: '=pruefer' }, /Form Gruppe=rolle/);
    refused({ ...BASE, OIDC_ROLE_MAP: '{"a": ' }, /kein gültiges JSON/);
    refused({ ...BASE, OIDC_BUTTON_LABEL: 'x'.repeat(61) }, /höchstens 60 Zeichen/);
  });

  test('plain http only for a provider on this machine', () => {
    assert.equal(
      loadConfig({ ...BASE, OIDC_ISSUER: 'http://127.0.0.1:8081' }).directory!.issuer.protocol,
      'http:',
    );
    assert.equal(
      loadConfig({ ...BASE, OIDC_ISSUER: 'http://localhost:8081/realms/x' }).directory!.issuer.hostname,
      'localhost',
    );
  });
});
