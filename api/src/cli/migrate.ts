import { parseArgs } from 'node:util';
import { ConfigError, loadDatabaseConfig } from '../config';
import { migrate, migrateDown, openDatabase } from '../db/database';

const usage = `Benutzung:
  npm run db:migrate               alle ausstehenden Migrationen ausführen
  npm run db:migrate -- --down     die zuletzt ausgeführte Migration zurücknehmen (ihr down())

Zurückgenommen wird mit der Version, die die Migration ausgeführt hat (nur sie kennt ihr down()), bevor die
ältere Version startet; einmal je Migration, die das Update ausgeführt hat (README, Abschnitt „Upgrade“).`;

function parse() {
  try {
    return parseArgs({
      options: { down: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    const option = /'(-[^']*)'|argument '([^']*)'/.exec(String((error as Error).message));
    console.error(
      `Unbekannte Angabe: ${option?.[1] ?? option?.[2] ?? process.argv.slice(2).join(' ')}.\n\n${usage}`,
    );
    process.exit(2);
  }
}

const options = parse();
if (options.help) {
  console.log(usage);
  process.exit(0);
}

try {
  const database = openDatabase(loadDatabaseConfig());
  try {
    if (options.down) {
      const { undone, current } = await migrateDown(database.db);
      const now = current
        ? `Die Datenbank steht jetzt auf ${current}.`
        : 'Die Datenbank hat jetzt keine Migration mehr.';
      console.log(
        undone ? `Migration zurückgenommen: ${undone}. ${now}` : 'Keine Migration zum Zurücknehmen.',
      );
    } else {
      const applied = await migrate(database.db);
      console.log(
        applied.length ? `Migrationen ausgeführt: ${applied.join(', ')}` : 'Datenbank ist aktuell.',
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  // One German line, never a stack: the operator reads what failed (SchemaTooNewError names both versions).
  const what = error instanceof ConfigError ? 'Konfigurationsfehler' : 'Migration fehlgeschlagen';
  console.error(`${what}: ${(error as Error).message}`);
  process.exit(1);
}
