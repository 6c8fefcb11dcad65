// The one-port serving plugin against throw-away build folders (the browser tests in e2e/ use the real builds).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { RuntimeConfig } from 'contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../config';
import { messages } from '../messages';
import frontends, { cacheControlFor, fileInside } from './frontends';

function write(root: string, file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

async function appFor(webRoot: string, env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const app = Fastify();
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'x' } }),
  );
  await app.register(frontends, { config: { ...loadConfig(env), webRoot } });
  return app;
}

describe('frontends plugin', () => {
  let empty: string;
  let built: string;
  before(() => {
    empty = fs.mkdtempSync(path.join(os.tmpdir(), 'fe-empty-'));
    built = fs.mkdtempSync(path.join(os.tmpdir(), 'fe-built-'));
    write(built, 'shell/dist/index.html', '<title>shell</title>');
    write(built, 'shell/dist/main.0123456789.js', 'console.log(1)');
    write(built, 'shell/dist/.secret', 'nope');
    write(built, 'mfe-machines/dist/mf-manifest.json', '{}');
    write(built, 'mfe-machines/dist/remoteEntry.js', 'var x');
    write(built, 'mfe-landing/dist/standalone/index.html', '<title>landing</title>');
    write(built, 'secret.txt', 'outside');
  });
  after(() => {
    fs.rmSync(empty, { recursive: true, force: true });
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('starts without any build and answers 503 with a German page', async () => {
    const app = await appFor(empty);
    for (const url of ['/', '/machines/1', '/landing/1/2', '/remotes/machines/mf-manifest.json']) {
      const response = await app.inject(url);
      assert.equal(response.statusCode, 503, url);
      assert.match(response.body, /noch nicht gebaut/);
      assert.match(response.headers['content-type'] as string, /text\/html/);
    }
    const config = await app.inject('/config.json');
    assert.equal(config.statusCode, 200);
    await app.close();
  });

  it('builds /config.json from the environment', async () => {
    const app = await appFor(built, {
      WEB_BASE: 'https://pruefbericht.example.com/',
      LABEL_PRINT_URL: 'https://labels.example.com/label',
      COMPANY_NAME: 'Test GmbH',
      COMPANY_EMAIL: 'service@test.example',
      COMPANY_PHONE: '+49 30 1234567',
      COMPANY_LOGO: 'https://cdn.test.example/logo.svg',
      QR_FORMAT: 'gs1',
    });
    const body = (await app.inject('/config.json')).json();
    assert.equal(body.qrFormat, 'gs1');
    assert.equal(body.companyEmail, 'service@test.example');
    assert.equal(body.companyPhone, '+49 30 1234567');
    assert.equal(body.companyLogo, 'https://cdn.test.example/logo.svg');
    assert.equal(body.webBase, 'https://pruefbericht.example.com');
    assert.equal(body.labelPrintUrl, 'https://labels.example.com/label');
    assert.equal(body.companyName, 'Test GmbH');
    assert.equal(body.apiBase, '/api');
    assert.deepEqual(
      [...Value.Errors(RuntimeConfig, body)],
      [],
      'not what contracts/src/runtime-config.ts says',
    );
    const forged = await app.inject({ url: '/config.json', headers: { host: 'evil.example' } });
    assert.equal(forged.json().webBase, 'https://pruefbericht.example.com', 'WEB_BASE wins over Host');
    await app.close();
  });

  it('without WEB_BASE, QR codes follow only a local host, never another Host header', async () => {
    const app = await appFor(built);
    for (const host of ['localhost:8080', '127.0.0.1:3000', '[::1]:8080']) {
      const local = await app.inject({ url: '/config.json', headers: { host } });
      assert.equal(local.json().webBase, `http://${host}`);
      assert.ok(Value.Check(RuntimeConfig, local.json()));
    }
    for (const host of [
      'evil.example',
      'localhost.evil.example',
      'evil.example:8080',
      '127.0.0.1.evil.example',
      'localhost/evil.example',
      'localhost:8080/evil.example',
      'localhost@evil.example',
      'localhost:8080#evil.example',
      'localhost:80a',
    ]) {
      const forged = await app.inject({ url: '/config.json', headers: { host } });
      assert.equal(forged.statusCode, 421, host);
      assert.equal(forged.json().error.message, messages.webBaseRequired);
      assert.doesNotMatch(forged.body, /evil/);
    }
    await app.close();
  });

  it('serves builds with the right caching and never anything outside them', async () => {
    const app = await appFor(built);
    const page = await app.inject('/machines/7');
    assert.equal(page.statusCode, 200);
    assert.equal(page.body, '<title>shell</title>');
    assert.equal(
      (await app.inject('/main.0123456789.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    assert.equal((await app.inject('/remotes/machines/remoteEntry.js')).headers['cache-control'], 'no-cache');
    assert.equal((await app.inject('/landing/1/2')).body, '<title>landing</title>');
    for (const url of [
      '/.secret',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/remotes/machines/..%2f..%2fsecret.txt',
      '/remotes/constructor/x',
      '/remotes/certificates/mf-manifest.json',
      '/missing.js',
    ]) {
      const response = await app.inject(url);
      assert.notEqual(response.body, 'outside', url);
      assert.notEqual(response.body, 'nope', url);
      assert.ok([404, 503].includes(response.statusCode) || response.body === '<title>shell</title>', url);
    }
    assert.equal((await app.inject('/api/x')).json().error.code, 'NOT_FOUND');
    await app.close();
  });

  it('answers a page the browser navigates to with the app even when its name has a dot', async () => {
    const app = await appFor(built);
    const navigation = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of ['/machines/a.b', '/certificates/v1.2']) {
      const page = await app.inject({ url, headers: navigation });
      assert.equal(page.statusCode, 200, url);
      assert.equal(page.body, '<title>shell</title>', url);
    }
    // A script or image that is missing stays a 404, and a dotfile is never served to anyone.
    assert.equal((await app.inject({ url: '/missing.js', headers: { accept: '*/*' } })).statusCode, 404);
    assert.equal(
      (await app.inject({ url: '/machines/a.b', headers: { accept: 'image/*' } })).statusCode,
      404,
    );
    assert.notEqual((await app.inject({ url: '/.secret', headers: navigation })).body, 'nope');
    await app.close();
  });

  it('decides caching and containment by name', () => {
    assert.equal(cacheControlFor('/x/mf-manifest.json'), 'no-cache');
    assert.equal(cacheControlFor('/x/index.html'), 'no-cache');
    assert.equal(cacheControlFor('/x/130.abcdef0123.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/x/favicon.svg'), 'no-cache');
    assert.equal(fileInside(built, '../secret.txt'), null);
    assert.equal(fileInside(built, 'a\0b'), null);
    assert.equal(
      fileInside(path.join(built, 'shell/dist'), 'index.html'),
      path.join(built, 'shell/dist/index.html'),
    );
  });
});
