import fs from 'node:fs';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { cliMessages } from './user-messages';

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
      lines.once('close', () => reject(new PasswordInputError(cliMessages.inputCancelled)));
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
      throw new PasswordInputError(cliMessages.fileUnreadable(file));
    }
  }
  if (!process.stdin.isTTY) {
    const piped = await readStandardInput();
    if (!piped) throw new PasswordInputError(cliMessages.noPassword);
    return piped;
  }
  const password = await ask(cliMessages.passwordPrompt);
  if ((await ask(cliMessages.passwordRepeat)) !== password)
    throw new PasswordInputError(cliMessages.passwordsDiffer);
  return password;
}
