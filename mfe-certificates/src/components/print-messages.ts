/** The German (and bilingual) strings of the printed certificate and the reprint screen. */
export const printMessages = {
  heading: 'Prüfbericht',
  print: 'DRUCKEN',
  back: 'Zurück',
  failed: 'Der Prüfbericht konnte nicht geladen werden.',
  notFound: 'Prüfbericht nicht gefunden.',
  /** The two pages of a unit: one goes with the machine, one stays in the factory's file. */
  copies: ['Kundenexemplar / Customer copy', 'Werksexemplar / Factory copy'],
  /** Across every page of a voided unit, and of a revision a newer one replaced. */
  voidedStamp: 'STORNIERT / VOID',
  replacedStamp: 'ERSETZT / SUPERSEDED',
  revision: (revision: number, date: string, replaces: string) =>
    `Revision ${revision} vom ${date}, ersetzt die Ausgabe vom ${replaces} / ` +
    `Revision ${revision} of ${date}, replaces the issue of ${replaces}`,
  /** On the reprint screen: what the pages of units that are not released say. */
  failedNote: (serials: string[]) =>
    `Nicht bestanden: ${serials.join(', ')}. Ihre Seiten tragen NICHT BESTANDEN, auch das Kundenexemplar.`,
  awaitingNote: (serials: string[]) =>
    `Zur Freigabe: ${serials.join(', ')}. Bis zur Freigabe druckt nur das Werksexemplar.`,
  replaced: (date: string, revision: number) =>
    `Ersetzt am ${date} durch Revision ${revision} / Superseded on ${date} by revision ${revision}`,
} as const;
