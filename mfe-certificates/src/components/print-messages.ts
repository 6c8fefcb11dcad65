/** The German strings of the staff print: the reprint screen and the PDF shown after WEITER. */
export const printMessages = {
  heading: 'Prüfbericht',
  print: 'DRUCKEN',
  download: 'PDF HERUNTERLADEN',
  back: 'Zurück',
  loading: 'Das PDF des Prüfberichts wird geladen …',
  /** 503 with Retry-After: the server is still rendering and sealing it. */
  pending: 'Der Prüfbericht wird noch erstellt … Bitte gleich noch einmal versuchen.',
  failed: 'Der Prüfbericht konnte nicht geladen werden.',
  pdfFailed: 'Das PDF des Prüfberichts konnte nicht geladen werden.',
  notArchived: 'Für diese Revision ist kein archiviertes PDF vorhanden.',
  notFound: 'Prüfbericht nicht gefunden.',
  frameTitle: (number: number) => `PDF des Prüfberichts Nr. ${number}`,
  /** Under the create form, after WEITER. */
  issuedHeading: (number: number) => `Prüfbericht Nr. ${number} als PDF`,
  /** On the reprint screen: what the pages of units that are not released say. */
  failedNote: (serials: string[]) =>
    `Nicht bestanden: ${serials.join(', ')}. Ihre Seiten tragen NICHT BESTANDEN, auch das Kundenexemplar.`,
  awaitingNote: (serials: string[]) =>
    `Zur Freigabe: ${serials.join(', ')}. Bis zur Freigabe druckt nur das Werksexemplar.`,
  replacedNote: 'Diese Revision ist ersetzt: gedruckt wird das PDF, das für sie archiviert wurde.',
} as const;
