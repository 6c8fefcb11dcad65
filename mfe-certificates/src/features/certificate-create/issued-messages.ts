/** The German strings of what WEITER just issued (its own chunk, shown only after an answer). */
export const issuedMessages = {
  title: 'Prüfbericht ausgestellt',
  number: 'Prüfbericht Nr.',
  machine: 'Maschine',
  serials: 'Seriennummern',
  quantity: 'Menge',
  time: 'Ausgestellt',
  print: 'DRUCKEN',
  labels: 'ETIKETTEN',
  next: 'NEUER PRÜFBERICHT',
  outcome: 'Ergebnis',
  outcomeText: (passed: number, failed: number) =>
    `${passed} ${passed === 1 ? 'Einheit' : 'Einheiten'} bestanden, ${failed} nicht bestanden`,
  failedSerials: 'Nicht bestanden',
  awaitingRelease: (count: number) =>
    `${count === 1 ? '1 Einheit wartet' : `${count} Einheiten warten`} auf die Freigabe durch eine zweite Person.`,
} as const;
