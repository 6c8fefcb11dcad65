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
  replaced: (date: string, revision: number) =>
    `Ersetzt am ${date} durch Revision ${revision} / Superseded on ${date} by revision ${revision}`,
} as const;
