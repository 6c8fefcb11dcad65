import fs from 'node:fs';

/**
 * Writes `text` to the operator's terminal and nowhere else: standard output when it is one, else the process's
 * controlling terminal (`npm start | tee server.log` still shows it there, not in the file). A service or a
 * container has none: its output goes to a journal or a log shipper, so nothing is written and false returned.
 */
export function showOnTerminal(text: string): boolean {
  if (process.stdout.isTTY) {
    process.stdout.write(text);
    return true;
  }
  try {
    const terminal = fs.openSync('/dev/tty', 'w');
    try {
      fs.writeSync(terminal, text);
    } finally {
      fs.closeSync(terminal);
    }
    return true;
  } catch {
    return false;
  }
}
