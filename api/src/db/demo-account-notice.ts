import { showOnTerminal } from '../terminal';

/**
 * The demo account's password, shown once on the terminal only (terminal.ts): whatever reads the server's output
 * without one (a journal, a log shipper) gets the e-mail and how to set a password instead.
 */
export function announceDemoAccount(demo: { email: string; password: string }): void {
  const shown = showOnTerminal(
    '\nDemo-Daten angelegt. Anmeldung (wird nur dieses eine Mal angezeigt):\n' +
      `  E-Mail:   ${demo.email}\n  Passwort: ${demo.password}\n\n`,
  );
  if (!shown)
    console.log(
      `\nDemo-Daten angelegt. Das Passwort des Demo-Kontos ${demo.email} wird nur auf einem Terminal angezeigt, ` +
        'und dieser Server hat keines (seine Ausgabe geht in ein Log). Ein Passwort setzen mit:\n' +
        `  npm run user -- passwd --email ${demo.email}\n`,
    );
}
