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

/**
 * The command with `args`, and `input` on its standard input as an operator pipes a password in; in German
 * unless `locale` names the terminal's language (LANG).
 */
function user(args: string[], input = '', locale = '') {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'user.ts'), ...args],
    {
      env: { ...process.env, DATABASE_URL: `sqlite:${file}`, LC_ALL: '', LC_MESSAGES: '', LANG: locale },
      encoding: 'utf8',
      input,
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
  const added = user(['add', '--email', 'Neu@Example.com', '--name', 'Neu'], 'ein-gutes-Passwort\n');
  assert.equal(added.code, 0, added.out);
  assert.match(added.out, /angelegt/);
  const created = await account('neu@example.com');
  assert.ok(created);
  assert.match(created.password_hash, /^scrypt\$131072\$8\$1\$/);
  assert.ok(!created.password_hash.includes('ein-gutes-Passwort'));
  assert.ok(await verifyPassword('ein-gutes-Passwort', created.password_hash));

  const twice = user(['add', '--email', 'neu@example.com'], 'ein-gutes-Passwort\n');
  assert.equal(twice.code, 2);
  assert.match(twice.out, /gibt es schon/);

  assert.equal(user(['passwd', '--email', 'neu@example.com'], 'ein-neues-Passwort\n').code, 0);
  assert.ok(await verifyPassword('ein-neues-Passwort', (await account('neu@example.com'))!.password_hash));

  // Another administrator first: the last active one cannot be disabled.
  assert.equal(user(['add', '--email', 'zweit@example.com'], 'ein-gutes-Passwort\n').code, 0);
  assert.equal(user(['disable', '--email', 'neu@example.com']).code, 0);
  assert.equal((await account('neu@example.com'))!.disabled, 1);
  assert.equal((await account('neu@example.com'))!.roles, 'admin', 'without --role: an administrator');

  // A new password is no way around the lock.
  const passwd = user(['passwd', '--email', 'neu@example.com'], 'noch-ein-Passwort\n');
  assert.equal(passwd.code, 0);
  assert.match(passwd.out, /bleibt gesperrt/);
  assert.equal((await account('neu@example.com'))!.disabled, 1);
  assert.equal(user(['enable', '--email', 'neu@example.com']).code, 0);
  assert.equal((await account('neu@example.com'))!.disabled, 0);
});

test('npm run user -- add --role and roles set the roles; the last administrator keeps the role', async () => {
  const added = user(
    ['add', '--email', 'pruefer@example.com', '--role', 'pruefer', '--role', 'lesen'],
    'ein-gutes-Passwort\n',
  );
  assert.equal(added.code, 0, added.out);
  assert.match(added.out, /Prüfer, Lesen/);
  assert.equal((await account('pruefer@example.com'))!.roles, 'pruefer,lesen');
  assert.equal(user(['roles', '--email', 'pruefer@example.com', '--role', 'stammdaten']).code, 0);
  assert.equal((await account('pruefer@example.com'))!.roles, 'stammdaten');
  const admin = user(['add', '--email', 'chef@example.com'], 'ein-gutes-Passwort\n');
  assert.equal(admin.code, 0, admin.out);
  // With the other two administrators disabled, chef is the last active one.
  assert.equal(user(['disable', '--email', 'neu@example.com']).code, 0);
  assert.equal(user(['disable', '--email', 'zweit@example.com']).code, 0);
  const last = user(['roles', '--email', 'chef@example.com', '--role', 'lesen']);
  assert.equal(last.code, 2);
  assert.match(last.out, /letzte aktive Administrator/);
  assert.equal(user(['disable', '--email', 'chef@example.com']).code, 2);
  assert.equal((await account('chef@example.com'))!.disabled, 0);
});

test('--help, -h and help print the usage and succeed; an unknown option is the usage, not a stack', () => {
  for (const args of [['--help'], ['-h'], ['help'], ['add', '--help']]) {
    const result = user(args);
    assert.equal(result.code, 0, `${args.join(' ')}: ${result.out}`);
    assert.match(result.out, /^Benutzung:/, args.join(' '));
    assert.match(result.out, /npm run user -- add --email/);
  }
  for (const args of [['--hilfe'], ['add', '--email'], ['add', '-x']]) {
    const result = user(args);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.out, /Unbekannte oder unvollständige Option: -/);
    assert.match(result.out, /Benutzung:/);
    assert.doesNotMatch(result.out, /\bat \w|TypeError|ERR_PARSE_ARGS/);
  }
});

test('the user command refuses bad arguments with a German message', () => {
  for (const [args, input] of [
    [[]],
    [['remove', '--email', 'a@b.de']],
    [['add', '--email', 'keine-adresse'], 'ein-gutes-Passwort\n'],
    [['add', '--email', 'a@b.de'], 'kurz\n'],
    [['add', '--email', 'a@b.de'], 'password123\n'],
    [['add', '--email', 'a@b.de'], ''],
    [['add', '--email', 'a@b.de', '--role', 'chef'], 'ein-gutes-Passwort\n'],
    [['roles', '--email', 'a@b.de']],
    [['enable', '--email', 'niemand@example.com']],
    [['passwd', '--email', 'niemand@example.com'], 'ein-gutes-Passwort\n'],
  ] as [string[], string?][]) {
    const result = user(args, input);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.out, /Benutzung:/);
  }
});

test('a password on the command line is refused, naming the ways that replace it; nothing is stored', async () => {
  const result = user(['add', '--email', 'argv@example.com', '--password', 'ein-gutes-Passwort']);
  assert.equal(result.code, 2);
  assert.match(result.out, /--password wird nicht angenommen: .*Prozessliste/);
  assert.match(result.out, /Standardeingabe/);
  assert.match(result.out, /--password-file <datei>/);
  assert.ok(!result.out.includes('ein-gutes-Passwort'), 'the refusal repeats the password');
  assert.equal(await account('argv@example.com'), undefined);
  const passwd = user(['passwd', '--email', 'neu@example.com', '--password=ein-gutes-Passwort']);
  assert.equal(passwd.code, 2);
  assert.match(passwd.out, /--password wird nicht angenommen/);
});

test('a password from a file (--password-file) or the first line of standard input; an empty one is refused', async () => {
  const secret = path.join(dir, 'password.txt');
  fs.writeFileSync(secret, 'aus-der-Datei-gelesen\r\nzweite Zeile\n', { mode: 0o600 });
  const added = user(['add', '--email', 'datei@example.com', '--password-file', secret]);
  assert.equal(added.code, 0, added.out);
  assert.ok(
    await verifyPassword('aus-der-Datei-gelesen', (await account('datei@example.com'))!.password_hash),
  );
  const missing = user([
    'passwd',
    '--email',
    'datei@example.com',
    '--password-file',
    path.join(dir, 'fehlt'),
  ]);
  assert.equal(missing.code, 2);
  assert.match(missing.out, /Die Datei „.*fehlt“ \(--password-file\) ist nicht lesbar/);
  const piped = user(['passwd', '--email', 'datei@example.com'], 'von-der-Eingabe-gelesen\nRest');
  assert.equal(piped.code, 0, piped.out);
  assert.ok(
    await verifyPassword('von-der-Eingabe-gelesen', (await account('datei@example.com'))!.password_hash),
  );
  const empty = user(['passwd', '--email', 'datei@example.com'], '\n');
  assert.equal(empty.code, 2);
  assert.match(empty.out, /Kein Passwort erhalten/);
  assert.ok(
    await verifyPassword('von-der-Eingabe-gelesen', (await account('datei@example.com'))!.password_hash),
  );
});

test('in a Polish terminal (LANG=pl_PL.UTF-8) the command speaks Polish, the password rules included', async () => {
  const help = user(['--help'], '', 'pl_PL.UTF-8');
  assert.equal(help.code, 0, help.out);
  assert.match(help.out, /^Użycie:/);
  assert.match(help.out, /pruefer \(Sprawdzający\)/);
  const short = user(['add', '--email', 'polski@example.com'], 'krotkie\n', 'pl_PL.UTF-8');
  assert.equal(short.code, 2);
  assert.match(short.out, /^To hasło jest niedozwolone: Co najmniej 10 znaków\./);
  const added = user(
    ['add', '--email', 'polski@example.com', '--role', 'pruefer'],
    'ein-gutes-Passwort\n',
    'pl_PL.UTF-8',
  );
  assert.equal(added.code, 0, added.out);
  assert.equal(added.out, 'Utworzono użytkownika polski@example.com (Sprawdzający).\n');
  assert.match(user(['--help'], '', 'en_GB.UTF-8').out, /^Usage:/);
  assert.match(user(['--help'], '', 'fr_FR.UTF-8').out, /^Benutzung:/);
});
