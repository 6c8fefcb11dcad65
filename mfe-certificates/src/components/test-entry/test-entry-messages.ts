/** The German strings of the test entry (the plan's steps on the create form and the retest of a unit). */
export const testEntryMessages = {
  heading: 'Prüfung',
  planVersion: (version: number) => (version === 0 ? 'Standardprüfplan' : `Prüfplan Version ${version}`),
  certificateSteps: 'Für den ganzen Prüfbericht',
  unitSteps: 'Je Einheit',
  unitColumn: 'Einheit',
  unit: (n: number) => `Einheit ${n}`,
  unitsNote: 'Die Seriennummern werden beim Ausstellen vergeben, in dieser Reihenfolge.',
  gridHint:
    'Enter oder Pfeiltasten: nächste Zeile. Eine Spalte aus einer Tabelle einfügen füllt nach unten, mit Tabulatoren nach rechts. Dezimalkomma wie 0,8.',
  allPassed: 'Alle bestanden',
  allPassedDone: (count: number) =>
    count === 1
      ? '1 offener Schritt auf „Bestanden“ gesetzt.'
      : `${count} offene Schritte auf „Bestanden“ gesetzt.`,
  nothingOpen: 'Kein offener Schritt, der einfach bestanden sein kann.',
  pasted: (filled: number, dropped: number) =>
    `${filled} ${filled === 1 ? 'Wert' : 'Werte'} eingefügt` +
    (dropped ? `, ${dropped} ohne passende Einheit oder Spalte nicht übernommen.` : '.'),
  choose: '– wählen –',
  open: '–',
  pass: 'Bestanden',
  fail: 'Nicht bestanden',
  optional: 'optional',
  limit: (text: string) => `Grenzwert ${text}`,
  malformed: 'Keine gültige Zahl (z. B. 0,8)',
  wholeNumber: 'Nur ganze Zahlen',
  tooManyDecimals: (decimals: number) =>
    decimals === 1 ? 'Höchstens 1 Nachkommastelle' : `Höchstens ${decimals} Nachkommastellen`,
  tooLow: (limit: string) => `Zu niedrig, Grenzwert ${limit}`,
  tooHigh: (limit: string) => `Zu hoch, Grenzwert ${limit}`,
  notPassing: 'Nicht bestanden',
  required: 'Bitte eintragen',
  tooLong: (max: number) => `Höchstens ${max} Zeichen`,
  planFailed: 'Der Prüfplan dieser Maschine konnte nicht geladen werden.',
  planLoading: 'Prüfplan wird geladen …',
  chooseMachine: 'Nach der Wahl der Maschine erscheint hier ihr Prüfplan.',
  instrumentMissing: 'Bitte das Prüfmittel wählen',
} as const;
