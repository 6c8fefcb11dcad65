import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { configFromEnvironment } from '../platform/startup';

const usage = `Benutzung: npm run backup -- <datei>

Schreibt eine in sich stimmige Kopie der SQLite-Datenbank nach <datei>, auch während Server und Worker
schreiben (SQLites Online-Sicherung, kein weiteres Programm nötig); die Datei darf es noch nicht geben.
PostgreSQL wird mit pg_basebackup und WAL-Archivierung oder mit pg_dump gesichert (README, Abschnitt
„Backup and restore“).`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    const option = /'(-[^']*)'/.exec(String((error as Error).message))?.[1];
    return fail(`Unbekannte Option: ${option ?? process.argv.slice(2).join(' ')}.\n\n${usage}`);
  }
}

/**
 * Every page in one step of SQLite's backup: a step reads one snapshot, and between steps a write by the server
 * would make SQLite start the copy over, for ever while certificates are written.
 */
const ALL_PAGES = 0x7fffffff;

async function main() {
  const { positionals, values } = parse();
  if (values.help) return console.log(usage);
  if (positionals.length !== 1) fail(`Bitte genau eine Zieldatei angeben.\n\n${usage}`);
  const config = configFromEnvironment();
  if (config.database.kind === 'postgres')
    fail(
      'Die Datenbank ist PostgreSQL: sie wird mit pg_basebackup und WAL-Archivierung gesichert (Wiederherstellung ' +
        'bis zu einem Zeitpunkt) oder, bei kleinen Installationen, mit pg_dump; siehe README, Abschnitt ' +
        '„Backup and restore“.',
    );
  const source = config.database.file;
  if (source === ':memory:')
    fail('Eine Datenbank im Arbeitsspeicher (sqlite::memory:) lässt sich nicht sichern.');
  if (!fs.existsSync(source)) fail(`Die Datenbank ${source} gibt es nicht.`, 1);
  // npm runs the script in api/; a relative name means the folder the command was typed in.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  if (fs.existsSync(target)) fail(`Die Datei ${target} gibt es schon; bitte einen neuen Namen angeben.`);
  if (!fs.existsSync(path.dirname(target))) fail(`Den Ordner ${path.dirname(target)} gibt es nicht.`);

  // Written beside the target and renamed once checked: a file at the target's name is always a whole backup.
  const partial = `${target}.unvollstaendig`;
  try {
    // Only its owner reads it, as the database itself (api/src/db/database.ts): it holds password hashes.
    fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    fail(
      `Die Datei ${partial} gibt es schon: läuft eine andere Sicherung, oder brach eine ab? Bitte prüfen.`,
    );
  }
  try {
    const database = new SQLite(source, { fileMustExist: true });
    try {
      database.pragma('busy_timeout = 5000');
      await database.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      database.close();
    }
    const copy = new SQLite(partial);
    let summary: string;
    try {
      // One file, readable without its write-ahead log; the server turns WAL on again when it opens it.
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`die Kopie ist beschädigt (quick_check: ${String(check)})`);
      const count = (table: string) =>
        (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      summary = `${count('certificates')} Prüfberichte, ${count('certificate_documents')} gesiegelte PDFs`;
    } finally {
      copy.close();
    }
    fs.renameSync(partial, target);
    const megabytes = (fs.statSync(target).size / 1e6).toFixed(1);
    console.log(`Gesichert: ${target} (${megabytes} MB; ${summary}; geprüft).`);
  } catch (error) {
    for (const file of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`])
      fs.rmSync(file, { force: true });
    fail(`Sicherung fehlgeschlagen: ${(error as Error).message}`, 1);
  }

  // What a restore needs besides the database, named with this installation's paths (README, "Backup and restore").
  const keep = [
    config.seal.p12Path
      ? `das Siegel ${config.seal.p12Path} und sein Passwort (SEAL_P12_PASSWORD bzw. SEAL_P12_PASSWORD_FILE)`
      : config.seal.developmentPassphrase
        ? 'SEAL_DEVELOPMENT_PASSPHRASE (ohne sie siegelt das Entwicklungssiegel nicht mehr)'
        : `${config.seal.developmentPassphraseFile} (ohne sie siegelt das Entwicklungssiegel nicht mehr)`,
    'die .env bzw. die Umgebung des Dienstes und die Dateien der *_FILE-Variablen',
  ];
  console.log(`Nicht in dieser Datei und ebenso aufzubewahren: ${keep.join('; ')}.`);
}

await main().catch((error: Error) => fail(`Sicherung fehlgeschlagen: ${error.message}`, 1));
