import { parseArgs } from 'node:util';
import { EMAIL_PATTERN } from 'contracts';
import { ConfigError, loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { usersRepository } from '../modules/users/users.repository';

const usage = `Benutzung:
  npm run user -- add --email <e-mail> --password <passwort> [--name <name>]
  npm run user -- passwd --email <e-mail> --password <passwort>
  npm run user -- disable --email <e-mail>`;

const MIN_PASSWORD = 10;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const [command] = positionals;
  if (!['add', 'passwd', 'disable'].includes(command ?? '')) fail('Unbekannter Befehl.');
  const email = values.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) fail('Bitte eine gültige E-Mail-Adresse mit --email angeben.');
  if (command !== 'disable' && (values.password ?? '').length < MIN_PASSWORD)
    fail(`Das Passwort muss mindestens ${MIN_PASSWORD} Zeichen lang sein (--password).`);

  const database = openDatabase(loadConfig().database);
  try {
    await migrate(database.db);
    const users = usersRepository(database.db);
    if (command === 'add') {
      if (await users.findByEmail(email)) fail(`Den Benutzer ${email} gibt es schon.`);
      await users.add({ email, password: values.password!, name: values.name });
      console.log(`Benutzer ${email} angelegt.`);
    } else if (command === 'passwd') {
      if (!(await users.setPassword(email, values.password!))) fail(`Den Benutzer ${email} gibt es nicht.`);
      console.log(`Passwort für ${email} geändert; alle Sitzungen wurden beendet.`);
    } else {
      if (!(await users.disable(email))) fail(`Den Benutzer ${email} gibt es nicht.`);
      console.log(`Benutzer ${email} gesperrt; alle Sitzungen wurden beendet.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
  process.exit(1);
});
