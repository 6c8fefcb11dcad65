import { parseArgs } from 'node:util';
import { EMAIL_PATTERN, ROLES, ROLE_LABELS, type AuditDetails, type Role } from 'contracts';
import { ConfigError, loadDatabaseConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { auditQueries } from '../modules/audit/audit.repository';
import { auditService, type AuditEntry } from '../modules/audit/audit.service';
import { passwordProblem } from '../modules/users/password-policy';
import { PASSWORD_ARGUMENT_REFUSED, PasswordInputError, readPassword } from './read-password';
import { rolesOf } from '../modules/users/roles';
import { usersRepository } from '../modules/users/users.repository';

/** What the command line does to accounts, as the audit trail names it. */
type CliAction =
  | 'account.created'
  | 'account.password_reset'
  | 'account.disabled'
  | 'account.enabled'
  | 'account.roles_changed';

const roleList = ROLES.map((role) => `${role} (${ROLE_LABELS[role]})`).join(', ');

const usage = `Benutzung:
  npm run user -- add --email <e-mail> [--password-file <datei>] [--name <name>] [--role <rolle> …]
  npm run user -- passwd --email <e-mail> [--password-file <datei>]
  npm run user -- disable --email <e-mail>
  npm run user -- enable --email <e-mail>
  npm run user -- roles --email <e-mail> --role <rolle> [--role <rolle> …]
  npm run user -- --help

Das Passwort wird abgefragt (ohne Anzeige), über die Standardeingabe gelesen (die erste Zeile) oder mit
--password-file aus der ersten Zeile einer Datei; nie als Argument.
Rollen: ${roleList}. Ohne --role legt add ein Administrator-Konto an.`;

const COMMANDS = ['add', 'passwd', 'disable', 'enable', 'roles'];

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function parseRoles(values: string[] | undefined): Role[] | undefined {
  if (!values?.length) return undefined;
  const unknown = values.filter((value) => !(ROLES as readonly string[]).includes(value));
  if (unknown.length) fail(`Unbekannte Rolle: ${unknown.join(', ')}.`);
  return values as Role[];
}

const OPTIONS = {
  email: { type: 'string' },
  // Only to refuse it with the way that replaces it.
  password: { type: 'string' },
  'password-file': { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The arguments; an unknown option or a missing value is the usage with a German reason, never a stack. */
function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    return fail(option ? `Unbekannte oder unvollständige Option: ${option}.` : 'Die Angaben sind ungültig.');
  }
}

async function main() {
  const { positionals, values } = parse();
  const [command] = positionals;
  if (values.help || command === 'help') {
    console.log(usage);
    return;
  }
  if (values.password !== undefined) fail(PASSWORD_ARGUMENT_REFUSED);
  if (!COMMANDS.includes(command ?? '')) fail('Unbekannter Befehl.');
  const email = values.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) fail('Bitte eine gültige E-Mail-Adresse mit --email angeben.');
  const roles = parseRoles(values.role);
  if (command === 'roles' && !roles) fail('Bitte mindestens eine Rolle mit --role angeben.');
  let password = '';
  if (command === 'add' || command === 'passwd') {
    try {
      password = await readPassword(values['password-file']);
    } catch (error) {
      if (!(error instanceof PasswordInputError)) throw error;
      fail(error.message);
    }
    const problem = passwordProblem(password);
    if (problem) fail(`Das Passwort ist nicht erlaubt: ${problem}.`);
  }

  const database = openDatabase(loadDatabaseConfig());
  try {
    await migrate(database.db);
    const users = usersRepository(database.db);
    const audit = auditService(auditQueries(database.db));
    // Changes from the server's command line have no signed-in account: the trail says so.
    const record = <A extends CliAction>(
      action: A,
      id: number,
      details?: Omit<AuditDetails[A], 'email' | 'by'>,
    ) =>
      audit.record({
        accountId: null,
        action,
        subject: { type: 'account', id },
        details: { email, by: 'cli', ...details },
      } as AuditEntry<CliAction>);
    if (command === 'add') {
      if (await users.findByEmail(email)) fail(`Den Benutzer ${email} gibt es schon.`);
      const id = await users.add({ email, password, name: values.name, roles });
      await record('account.created', id, { roles: roles ?? ['admin'] });
      console.log(
        `Benutzer ${email} angelegt (${(roles ?? ['admin']).map((r) => ROLE_LABELS[r]).join(', ')}).`,
      );
      return;
    }
    const user = await users.findByEmail(email);
    if (!user) fail(`Den Benutzer ${email} gibt es nicht.`);
    if (command === 'passwd') {
      await users.setPassword(user.id, password, { mustChange: false });
      await record('account.password_reset', user.id);
      console.log(`Passwort für ${email} geändert; alle Sitzungen wurden beendet.`);
      // A new password is no way around a lock an administrator set.
      if (user.disabled)
        console.log(`Das Konto bleibt gesperrt; freischalten mit: npm run user -- enable --email ${email}`);
    } else if (command === 'disable') {
      if (!(await users.disable(user.id)))
        fail(`${email} ist das letzte aktive Administrator-Konto und kann nicht gesperrt werden.`);
      if (!user.disabled) await record('account.disabled', user.id);
      console.log(`Benutzer ${email} gesperrt; alle Sitzungen wurden beendet.`);
    } else if (command === 'enable') {
      await users.enable(user.id);
      if (user.disabled) await record('account.enabled', user.id);
      console.log(`Benutzer ${email} freigeschaltet.`);
    } else {
      if (!(await users.setRoles(user.id, roles!)))
        fail(`${email} ist das letzte aktive Administrator-Konto und behält die Rolle Administrator.`);
      await record('account.roles_changed', user.id, { before: rolesOf(user.roles), after: roles! });
      console.log(`Rollen von ${email}: ${roles!.map((r) => ROLE_LABELS[r]).join(', ')}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
  process.exit(1);
});
