import fs from 'node:fs';
import readline from 'node:readline';
import { Writable } from 'node:stream';

/**
 * Why a password is never an argument: it would stand in the process list, the shell's history and npm's echo
 * of the command line (README, „Configuration“).
 */
export const PASSWORD_ARGUMENT_REFUSED =
  '--password wird nicht angenommen: ein Passwort in der Befehlszeile steht in der Prozessliste, in der ' +
  'Shell-Historie und in der Ausgabe von npm. Das Passwort bitte eingeben, wenn danach gefragt wird, über die ' +
  'Standardeingabe geben (printf \'%s\\n\' "$PASSWORT" | npm run user -- …) oder mit --password-file <datei>.';

export class PasswordInputError extends Error {}

/** The password's one line: a file or a pipe ends it with a line break that is not part of it. */
const firstLine = (text: string) => text.split(/\r?\n/)[0];

/** Asks on the terminal without echoing what is typed. */
async function ask(prompt: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = readline.createInterface({ input: process.stdin, output: silent, terminal: true });
  process.stderr.write(prompt);
  try {
    return await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      lines.once('close', () => reject(new PasswordInputError('Eingabe abgebrochen.')));
    });
  } finally {
    lines.removeAllListeners('close');
    lines.close();
    process.stderr.write('\n');
  }
}

async function readStandardInput(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes('\n')) break;
  }
  return firstLine(text);
}

/** The new password from `file`, else typed twice on a terminal, else the first line piped in. */
export async function readPassword(file: string | undefined): Promise<string> {
  if (file !== undefined) {
    try {
      return firstLine(fs.readFileSync(file, 'utf8'));
    } catch {
      throw new PasswordInputError(`Die Datei „${file}“ (--password-file) ist nicht lesbar.`);
    }
  }
  if (!process.stdin.isTTY) {
    const piped = await readStandardInput();
    if (!piped)
      throw new PasswordInputError(
        'Kein Passwort erhalten: bitte über die Standardeingabe oder mit --password-file <datei> angeben.',
      );
    return piped;
  }
  const password = await ask('Passwort: ');
  if ((await ask('Passwort wiederholen: ')) !== password)
    throw new PasswordInputError('Die beiden Eingaben stimmen nicht überein.');
  return password;
}
