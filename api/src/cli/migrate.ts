import { ConfigError, loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';

try {
  const database = openDatabase(loadConfig().database);
  const applied = await migrate(database.db);
  console.log(applied.length ? `Migrationen ausgeführt: ${applied.join(', ')}` : 'Datenbank ist aktuell.');
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
  process.exit(1);
}
