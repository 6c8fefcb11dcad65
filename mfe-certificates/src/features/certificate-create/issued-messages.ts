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
} as const;
