import { parseArgs } from 'node:util';
import { EMAIL_PATTERN, ROLES, type AuditDetails, type Role } from 'contracts';
import { ConfigError, loadDatabaseConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { inLanguageContext } from '../language';
import { messages } from '../messages';
import { auditQueries } from '../modules/audit/audit.repository';
import { auditService, type AuditEntry } from '../modules/audit/audit.service';
import { passwordProblem } from '../modules/users/password-policy';
import { PasswordInputError, readPassword } from './read-password';
import { cliLanguage, cliMessages } from './user-messages';
import { rolesOf } from '../modules/users/roles';
import { usersRepository } from '../modules/users/users.repository';

/** What the command line does to accounts, as the audit trail names it. */
type CliAction =
  | 'account.created'
  | 'account.password_reset'
  | 'account.disabled'
  | 'account.enabled'
  | 'account.roles_changed';

/** The usage in the terminal's language, with the role names (messages.roles) in it. */
const usage = () => cliMessages.usage(ROLES.map((role) => `${role} (${messages.roles[role]})`).join(', '));
const roleNames = (roles: Role[]) => roles.map((role) => messages.roles[role]).join(', ');

const COMMANDS = ['add', 'passwd', 'disable', 'enable', 'roles'];

function fail(message: string): never {
  console.error(`${message}\n\n${usage()}`);
  process.exit(2);
}

function parseRoles(values: string[] | undefined): Role[] | undefined {
  if (!values?.length) return undefined;
  const unknown = values.filter((value) => !(ROLES as readonly string[]).includes(value));
  if (unknown.length) fail(cliMessages.unknownRole(unknown.join(', ')));
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

/** The arguments; an unknown option or a missing value is the usage with a reason, never a stack. */
function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    return fail(option ? cliMessages.unknownOption(option) : cliMessages.invalidArguments);
  }
}

async function main() {
  const { positionals, values } = parse();
  const [command] = positionals;
  if (values.help || command === 'help') {
    console.log(usage());
    return;
  }
  if (values.password !== undefined) fail(cliMessages.passwordArgumentRefused);
  if (!COMMANDS.includes(command ?? '')) fail(cliMessages.unknownCommand);
  const email = values.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) fail(cliMessages.emailRequired);
  const roles = parseRoles(values.role);
  if (command === 'roles' && !roles) fail(cliMessages.roleRequired);
  let password = '';
  if (command === 'add' || command === 'passwd') {
    try {
      password = await readPassword(values['password-file']);
    } catch (error) {
      if (!(error instanceof PasswordInputError)) throw error;
      fail(error.message);
    }
    const problem = passwordProblem(password);
    if (problem) fail(cliMessages.passwordRefused(problem));
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
      if (await users.findByEmail(email)) fail(cliMessages.userExists(email));
      const id = await users.add({ email, password, name: values.name, roles });
      await record('account.created', id, { roles: roles ?? ['admin'] });
      console.log(cliMessages.userAdded(email, roleNames(roles ?? ['admin'])));
      return;
    }
    const user = await users.findByEmail(email);
    if (!user) fail(cliMessages.userMissing(email));
    if (command === 'passwd') {
      await users.setPassword(user.id, password, { mustChange: false });
      await record('account.password_reset', user.id);
      console.log(cliMessages.passwordChanged(email));
      // A new password is no way around a lock an administrator set.
      if (user.disabled) console.log(cliMessages.stillDisabled(email));
    } else if (command === 'disable') {
      if (!(await users.disable(user.id))) fail(cliMessages.lastAdministratorDisable(email));
      if (!user.disabled) await record('account.disabled', user.id);
      console.log(cliMessages.disabled(email));
    } else if (command === 'enable') {
      await users.enable(user.id);
      if (user.disabled) await record('account.enabled', user.id);
      console.log(cliMessages.enabled(email));
    } else {
      if (!(await users.setRoles(user.id, roles!))) fail(cliMessages.lastAdministratorRoles(email));
      await record('account.roles_changed', user.id, { before: rolesOf(user.roles), after: roles! });
      console.log(cliMessages.rolesSet(email, roleNames(roles!)));
    }
  } finally {
    await database.close();
  }
}

// The messages it shares with the API (password rules, role names) in the terminal's language too.
inLanguageContext({ language: cliLanguage }, main).catch((error) => {
  console.error(error instanceof ConfigError ? cliMessages.configError(error.message) : error);
  process.exit(1);
});
