import { PASSWORD_MIN } from 'contracts';

/** German texts of the own-account screens (a lazy chunk: kept out of shared-ui and the login screen). */
export const accountMessages = {
  heading: 'Mein Konto',
  roles: 'Rollen',
  password: {
    heading: 'Passwort ändern',
    firstHeading: 'Bitte wählen Sie Ihr eigenes Passwort',
    firstHint:
      'Ihr Passwort wurde von einem Administrator vergeben. Bevor Sie weiterarbeiten, wählen Sie bitte ein eigenes, das nur Sie kennen.',
    current: 'Bisheriges Passwort',
    next: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    hint: `Mindestens ${PASSWORD_MIN} Zeichen; verbreitete Passwörter werden abgelehnt.`,
    submit: 'PASSWORT ÄNDERN',
    required: 'Pflichtfeld',
    tooShort: `Mindestens ${PASSWORD_MIN} Zeichen`,
    mismatch: 'Die beiden Passwörter stimmen nicht überein',
    changed: 'Passwort geändert. Ihre anderen Sitzungen wurden beendet.',
  },
  twoFactor: {
    heading: 'Zwei-Faktor-Anmeldung',
    requiredHeading: 'Bitte richten Sie die Zwei-Faktor-Anmeldung ein',
    requiredHint:
      'Ein Administrator hat die Zwei-Faktor-Anmeldung für alle Konten vorgeschrieben. Danach fragt die Anmeldung nach dem Passwort auch nach einem Code aus Ihrer Authenticator-App.',
    off: 'Nicht eingerichtet. Mit einer Authenticator-App (z. B. FreeOTP, Google Authenticator, Microsoft Authenticator) schützt ein Code bei jeder Anmeldung Ihr Konto, auch wenn jemand Ihr Passwort kennt.',
    on: 'Eingerichtet: Die Anmeldung fragt nach dem Passwort nach einem Code aus Ihrer Authenticator-App.',
    start: 'EINRICHTEN',
    scan: 'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App und geben Sie dann den angezeigten Code ein.',
    manual: 'Ohne Kamera: Schlüssel von Hand eingeben',
    qrTitle: 'QR-Code für die Authenticator-App',
    code: 'Sechsstelliger Code',
    confirm: 'BESTÄTIGEN',
    codeRequired: 'Bitte den Code aus der App eingeben',
    recoveryHeading: 'Ihre Wiederherstellungscodes',
    recoveryHint:
      'Jeder Code ersetzt einmal den Code aus der App, etwa wenn das Telefon verloren ist. Bitte drucken oder notieren Sie die Codes jetzt und bewahren Sie sie sicher auf: sie werden nur dieses eine Mal angezeigt.',
    recoveryDone: 'ICH HABE DIE CODES NOTIERT',
    print: 'DRUCKEN',
    disable: 'AUSSCHALTEN',
    disablePassword: 'Passwort zum Ausschalten',
    disabled: 'Zwei-Faktor-Anmeldung ausgeschaltet.',
    required: 'Für alle Konten vorgeschrieben: Ausschalten ist nicht möglich.',
    enabled: 'Zwei-Faktor-Anmeldung eingerichtet.',
  },
  sessions: {
    heading: 'Sitzungen',
    hint: 'Meldet Sie auf allen Geräten und in allen Browsern ab, auch auf diesem.',
    button: 'ÜBERALL ABMELDEN',
    question: 'Auf allen Geräten abmelden, auch hier?',
  },
  signIns: {
    heading: 'Letzte Anmeldungen',
    at: 'Zeitpunkt',
    result: 'Ergebnis',
    address: 'Adresse',
    ok: 'Angemeldet',
    failed: 'Fehlgeschlagen',
    none: 'Noch keine Anmeldungen.',
  },
  failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
} as const;
