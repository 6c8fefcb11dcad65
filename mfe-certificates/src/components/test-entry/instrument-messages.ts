/**
 * The German strings of the instrument choice (instrument-choices.tsx, docs/decisions/0018-instruments.md): apart
 * from testEntryMessages, so the unit page, which reads step-entry.ts, loads them only with its retest form.
 */
export const instrumentMessages = {
  instruments: 'Prüfmittel',
  instrumentsHint: 'Das Prüfmittel, das die Werte des Schritts misst; vorgewählt ist Ihre letzte Wahl.',
  instrumentFor: (title: string) => `Prüfmittel: ${title}`,
  instrumentsLoading: 'Prüfmittel werden geladen …',
  instrumentsFailed: 'Die Prüfmittel konnten nicht geladen werden.',
  noneUsable: (kind: string) => `Kein Prüfmittel der Art „${kind}“ ist einsatzbereit.`,
  due: (day: string) => `fällig am ${day}`,
  dueSoon: (day: string) => `bald fällig: ${day}`,
  overdue: (day: string) => `überfällig seit ${day}`,
  blocked: 'gesperrt',
  retired: 'ausgesondert',
  otherKind: (kind: string) => `andere Art (${kind})`,
  notChoosable: (reason: string) => `${reason}, nicht wählbar`,
  dueSoonNote: (day: string) => `Kalibrierung bald fällig: ${day}`,
  unusableNote: (reason: string) => `Nicht wählbar: ${reason}`,
} as const;
