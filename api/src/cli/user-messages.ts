import { environmentLanguage } from '../language';
import type { Words } from '../messages';

const german = {
  usage: (roleList: string) => `Benutzung:
  npm run user -- add --email <e-mail> [--password-file <datei>] [--name <name>] [--role <rolle> …]
  npm run user -- passwd --email <e-mail> [--password-file <datei>]
  npm run user -- disable --email <e-mail>
  npm run user -- enable --email <e-mail>
  npm run user -- roles --email <e-mail> --role <rolle> [--role <rolle> …]
  npm run user -- --help

Das Passwort wird abgefragt (ohne Anzeige), über die Standardeingabe gelesen (die erste Zeile) oder mit
--password-file aus der ersten Zeile einer Datei; nie als Argument.
Rollen: ${roleList}. Ohne --role legt add ein Administrator-Konto an.`,
  unknownRole: (roles: string) => `Unbekannte Rolle: ${roles}.`,
  unknownOption: (option: string) => `Unbekannte oder unvollständige Option: ${option}.`,
  invalidArguments: 'Die Angaben sind ungültig.',
  unknownCommand: 'Unbekannter Befehl.',
  emailRequired: 'Bitte eine gültige E-Mail-Adresse mit --email angeben.',
  roleRequired: 'Bitte mindestens eine Rolle mit --role angeben.',
  passwordRefused: (problem: string) => `Das Passwort ist nicht erlaubt: ${problem}.`,
  userExists: (email: string) => `Den Benutzer ${email} gibt es schon.`,
  userAdded: (email: string, roles: string) => `Benutzer ${email} angelegt (${roles}).`,
  userMissing: (email: string) => `Den Benutzer ${email} gibt es nicht.`,
  passwordChanged: (email: string) => `Passwort für ${email} geändert; alle Sitzungen wurden beendet.`,
  stillDisabled: (email: string) =>
    `Das Konto bleibt gesperrt; freischalten mit: npm run user -- enable --email ${email}`,
  lastAdministratorDisable: (email: string) =>
    `${email} ist das letzte aktive Administrator-Konto und kann nicht gesperrt werden.`,
  disabled: (email: string) => `Benutzer ${email} gesperrt; alle Sitzungen wurden beendet.`,
  enabled: (email: string) => `Benutzer ${email} freigeschaltet.`,
  lastAdministratorRoles: (email: string) =>
    `${email} ist das letzte aktive Administrator-Konto und behält die Rolle Administrator.`,
  rolesSet: (email: string, roles: string) => `Rollen von ${email}: ${roles}.`,
  configError: (message: string) => `Konfigurationsfehler: ${message}`,
  // read-password.ts. A password is never an argument: it would stand in the process list, the shell's history
  // and npm's echo of the command line (README, „Configuration“).
  passwordArgumentRefused:
    '--password wird nicht angenommen: ein Passwort in der Befehlszeile steht in der Prozessliste, in der ' +
    'Shell-Historie und in der Ausgabe von npm. Das Passwort bitte eingeben, wenn danach gefragt wird, über die ' +
    'Standardeingabe geben (printf \'%s\\n\' "$PASSWORT" | npm run user -- …) oder mit --password-file <datei>.',
  inputCancelled: 'Eingabe abgebrochen.',
  fileUnreadable: (file: string) => `Die Datei „${file}“ (--password-file) ist nicht lesbar.`,
  noPassword:
    'Kein Passwort erhalten: bitte über die Standardeingabe oder mit --password-file <datei> angeben.',
  passwordPrompt: 'Passwort: ',
  passwordRepeat: 'Passwort wiederholen: ',
  passwordsDiffer: 'Die beiden Eingaben stimmen nicht überein.',
};

const english: Words<typeof german> = {
  usage: (roleList: string) => `Usage:
  npm run user -- add --email <e-mail> [--password-file <file>] [--name <name>] [--role <role> …]
  npm run user -- passwd --email <e-mail> [--password-file <file>]
  npm run user -- disable --email <e-mail>
  npm run user -- enable --email <e-mail>
  npm run user -- roles --email <e-mail> --role <role> [--role <role> …]
  npm run user -- --help

The password is asked for (without echo), read from standard input (its first line) or, with
--password-file, from the first line of a file; never as an argument.
Roles: ${roleList}. Without --role, add creates an administrator account.`,
  unknownRole: (roles: string) => `Unknown role: ${roles}.`,
  unknownOption: (option: string) => `Unknown or incomplete option: ${option}.`,
  invalidArguments: 'The arguments are invalid.',
  unknownCommand: 'Unknown command.',
  emailRequired: 'Please give a valid e-mail address with --email.',
  roleRequired: 'Please give at least one role with --role.',
  passwordRefused: (problem: string) => `The password is not allowed: ${problem}.`,
  userExists: (email: string) => `The user ${email} already exists.`,
  userAdded: (email: string, roles: string) => `User ${email} created (${roles}).`,
  userMissing: (email: string) => `The user ${email} does not exist.`,
  passwordChanged: (email: string) => `Password of ${email} changed; all sessions have been ended.`,
  stillDisabled: (email: string) =>
    `The account remains disabled; enable it with: npm run user -- enable --email ${email}`,
  lastAdministratorDisable: (email: string) =>
    `${email} is the last active administrator account and cannot be disabled.`,
  disabled: (email: string) => `User ${email} disabled; all sessions have been ended.`,
  enabled: (email: string) => `User ${email} enabled.`,
  lastAdministratorRoles: (email: string) =>
    `${email} is the last active administrator account and keeps the role Administrator.`,
  rolesSet: (email: string, roles: string) => `Roles of ${email}: ${roles}.`,
  configError: (message: string) => `Configuration error: ${message}`,
  passwordArgumentRefused:
    '--password is not accepted: a password on the command line appears in the process list, the shell ' +
    'history and the output of npm. Please type the password when asked, give it on standard input ' +
    '(printf \'%s\\n\' "$PASSWORD" | npm run user -- …) or use --password-file <file>.',
  inputCancelled: 'Input cancelled.',
  fileUnreadable: (file: string) => `The file “${file}” (--password-file) cannot be read.`,
  noPassword: 'No password received: please give it on standard input or with --password-file <file>.',
  passwordPrompt: 'Password: ',
  passwordRepeat: 'Repeat password: ',
  passwordsDiffer: 'The two entries do not match.',
};

const polish: Words<typeof german> = {
  usage: (roleList: string) => `Użycie:
  npm run user -- add --email <e-mail> [--password-file <plik>] [--name <nazwa>] [--role <rola> …]
  npm run user -- passwd --email <e-mail> [--password-file <plik>]
  npm run user -- disable --email <e-mail>
  npm run user -- enable --email <e-mail>
  npm run user -- roles --email <e-mail> --role <rola> [--role <rola> …]
  npm run user -- --help

Hasło jest wpisywane po wyświetleniu pytania (bez echa), odczytywane ze standardowego wejścia (pierwszy wiersz)
lub przez --password-file z pierwszego wiersza pliku; nigdy jako argument.
Role: ${roleList}. Bez --role polecenie add zakłada konto administratora.`,
  unknownRole: (roles: string) => `Nieznana rola: ${roles}.`,
  unknownOption: (option: string) => `Nieznana lub niepełna opcja: ${option}.`,
  invalidArguments: 'Podane argumenty są nieprawidłowe.',
  unknownCommand: 'Nieznane polecenie.',
  emailRequired: 'Podaj prawidłowy adres e-mail w opcji --email.',
  roleRequired: 'Podaj co najmniej jedną rolę w opcji --role.',
  passwordRefused: (problem: string) => `To hasło jest niedozwolone: ${problem}.`,
  userExists: (email: string) => `Użytkownik ${email} już istnieje.`,
  userAdded: (email: string, roles: string) => `Utworzono użytkownika ${email} (${roles}).`,
  userMissing: (email: string) => `Użytkownik ${email} nie istnieje.`,
  passwordChanged: (email: string) =>
    `Zmieniono hasło użytkownika ${email}; wszystkie sesje zostały zakończone.`,
  stillDisabled: (email: string) =>
    `Konto pozostaje zablokowane; odblokowanie: npm run user -- enable --email ${email}`,
  lastAdministratorDisable: (email: string) =>
    `${email} to ostatnie aktywne konto administratora i nie można go zablokować.`,
  disabled: (email: string) => `Zablokowano użytkownika ${email}; wszystkie sesje zostały zakończone.`,
  enabled: (email: string) => `Odblokowano użytkownika ${email}.`,
  lastAdministratorRoles: (email: string) =>
    `${email} to ostatnie aktywne konto administratora i zachowuje rolę Administrator.`,
  rolesSet: (email: string, roles: string) => `Role użytkownika ${email}: ${roles}.`,
  configError: (message: string) => `Błąd konfiguracji: ${message}`,
  passwordArgumentRefused:
    'Opcja --password nie jest przyjmowana: hasło w wierszu poleceń widać na liście procesów, w historii ' +
    'powłoki i w wyjściu npm. Wpisz hasło, gdy pojawi się pytanie, podaj je na standardowym wejściu ' +
    '(printf \'%s\\n\' "$HASLO" | npm run user -- …) lub użyj --password-file <plik>.',
  inputCancelled: 'Przerwano wprowadzanie.',
  fileUnreadable: (file: string) => `Nie można odczytać pliku „${file}” (--password-file).`,
  noPassword: 'Nie otrzymano hasła: podaj je na standardowym wejściu lub przez --password-file <plik>.',
  passwordPrompt: 'Hasło: ',
  passwordRepeat: 'Powtórz hasło: ',
  passwordsDiffer: 'Oba wpisy się różnią.',
};

/**
 * The command's words in the language of the terminal it runs in (api/src/language.ts environmentLanguage):
 * German, English or Polish, German by default.
 */
export const USER_CLI_CATALOGS = { de: german, en: english, pl: polish };
export const cliLanguage = environmentLanguage(process.env);
export const cliMessages = USER_CLI_CATALOGS[cliLanguage];
