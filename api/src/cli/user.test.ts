import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { openDatabase } from '../db/database';
import { verifyPassword } from '../modules/users/password';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-cli-'));
const file = path.join(dir, 'cli.db');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function user(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'user.ts'), ...args],
    {
      env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
      encoding: 'utf8',
    },
  );
  return { code: result.status, out: result.stdout + result.stderr };
}

async function account(email: string) {
  const database = openDatabase({ kind: 'sqlite', file });
  try {
    return await database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  } finally {
    await database.close();
  }
}

test('npm run user -- add, passwd and disable manage staff accounts', async () => {
  const added = user(
    'add',
    '--email',
    'Neu@Example.com',
    '--password',
    'ein-gutes-Passwort',
    '--name',
    'Neu',
  );
  assert.equal(added.code, 0, added.out);
  assert.match(added.out, /angelegt/);
  const created = await account('neu@example.com');
  assert.ok(created);
  assert.match(created.password_hash, /^scrypt\$131072\$8\$1\$/);
  assert.ok(!created.password_hash.includes('ein-gutes-Passwort'));
  assert.ok(await verifyPassword('ein-gutes-Passwort', created.password_hash));

  const twice = user('add', '--email', 'neu@example.com', '--password', 'ein-gutes-Passwort');
  assert.equal(twice.code, 2);
  assert.match(twice.out, /gibt es schon/);

  assert.equal(user('passwd', '--email', 'neu@example.com', '--password', 'ein-neues-Passwort').code, 0);
  assert.ok(await verifyPassword('ein-neues-Passwort', (await account('neu@example.com'))!.password_hash));

  // Another administrator first: the last active one cannot be disabled.
  assert.equal(user('add', '--email', 'zweit@example.com', '--password', 'ein-gutes-Passwort').code, 0);
  assert.equal(user('disable', '--email', 'neu@example.com').code, 0);
  assert.equal((await account('neu@example.com'))!.disabled, 1);
  assert.equal((await account('neu@example.com'))!.roles, 'admin', 'without --role: an administrator');

  // A new password is no way around the lock.
  const passwd = user('passwd', '--email', 'neu@example.com', '--password', 'noch-ein-Passwort');
  assert.equal(passwd.code, 0);
  assert.match(passwd.out, /bleibt gesperrt/);
  assert.equal((await account('neu@example.com'))!.disabled, 1);
  assert.equal(user('enable', '--email', 'neu@example.com').code, 0);
  assert.equal((await account('neu@example.com'))!.disabled, 0);
});

test('npm run user -- add --role and roles set the roles; the last administrator keeps the role', async () => {
  const added = user(
    'add',
    '--email',
    'pruefer@example.com',
    '--password',
    'ein-gutes-Passwort',
    '--role',
    'pruefer',
    '--role',
    'lesen',
  );
  assert.equal(added.code, 0, added.out);
  assert.match(added.out, /Prüfer, Lesen/);
  assert.equal((await account('pruefer@example.com'))!.roles, 'pruefer,lesen');
  assert.equal(user('roles', '--email', 'pruefer@example.com', '--role', 'stammdaten').code, 0);
  assert.equal((await account('pruefer@example.com'))!.roles, 'stammdaten');
  const admin = user('add', '--email', 'chef@example.com', '--password', 'ein-gutes-Passwort');
  assert.equal(admin.code, 0, admin.out);
  // With the other two administrators disabled, chef is the last active one.
  assert.equal(user('disable', '--email', 'neu@example.com').code, 0);
  assert.equal(user('disable', '--email', 'zweit@example.com').code, 0);
  const last = user('roles', '--email', 'chef@example.com', '--role', 'lesen');
  assert.equal(last.code, 2);
  assert.match(last.out, /letzte aktive Administrator/);
  assert.equal(user('disable', '--email', 'chef@example.com').code, 2);
  assert.equal((await account('chef@example.com'))!.disabled, 0);
});

test('--help, -h and help print the usage and succeed; an unknown option is the usage, not a stack', () => {
  for (const args of [['--help'], ['-h'], ['help'], ['add', '--help']]) {
    const result = user(...args);
    assert.equal(result.code, 0, `${args.join(' ')}: ${result.out}`);
    assert.match(result.out, /^Benutzung:/, args.join(' '));
    assert.match(result.out, /npm run user -- add --email/);
  }
  for (const args of [['--hilfe'], ['add', '--email'], ['add', '-x']]) {
    const result = user(...args);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.out, /Unbekannte oder unvollständige Option: -/);
    assert.match(result.out, /Benutzung:/);
    assert.doesNotMatch(result.out, /\bat \w|TypeError|ERR_PARSE_ARGS/);
  }
});

test('the user command refuses bad arguments with a German message', () => {
  for (const args of [
    [],
    ['remove', '--email', 'a@b.de'],
    ['add', '--email', 'keine-adresse', '--password', 'ein-gutes-Passwort'],
    ['add', '--email', 'a@b.de', '--password', 'kurz'],
    ['add', '--email', 'a@b.de', '--password', 'password123'],
    ['add', '--email', 'a@b.de', '--password', 'ein-gutes-Passwort', '--role', 'chef'],
    ['roles', '--email', 'a@b.de'],
    ['enable', '--email', 'niemand@example.com'],
    ['passwd', '--email', 'niemand@example.com', '--password', 'ein-gutes-Passwort'],
  ]) {
    const result = user(...args);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.out, /Benutzung:/);
  }
});
