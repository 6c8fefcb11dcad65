import { QUANTITY } from 'contracts';
/**
 * The German strings of this remote: the earlier app's labels (typos corrected), plus the
 * few messages the earlier app lacked (errors it swallowed, the reprint screen, the two copies of a unit).
 */
export const certMessages = {
  create: {
    brand: 'MARKE',
    machine: 'ARTIKELNUMMER',
    checkedBy: 'GEPRÜFT VON',
    quantity: 'MENGE',
    quantityRange: `Bitte eine ganze Zahl von ${QUANTITY.min} bis ${QUANTITY.max}`,
    choose: 'wählen...',
    noOptions: 'Keine Treffer',
    loadingOptions: 'Wird geladen …',
    observation: 'BEMERKUNGEN',
    origin: 'HERKUNFT',
    circuitBoard: 'ELEKTRISCHE REGELUNG',
    yes: 'Ja',
    no: 'NEIN',
    submit: 'WEITER',
    machinePreview: 'Ausgewählte Maschine',
    brandPreview: 'Ausgewählte Marke',
    failed: 'Der Prüfbericht konnte nicht erstellt werden.',
    tryAgain: 'Bitte versuchen Sie es erneut!',
    unreachable: 'Der Server ist nicht erreichbar.',
    brandsFailed: 'Die Marken konnten nicht geladen werden.',
    machinesFailed: 'Die Maschinen dieser Marke konnten nicht geladen werden.',
    repeatTitle: 'Noch einen Prüfbericht ausstellen?',
    repeatMessage: (last: { id: number; first_serial: string; last_serial: string; quantity: number }) =>
      `Eben wurde Prüfbericht Nr. ${last.id} mit ${last.quantity === 1 ? 'der Seriennummer' : 'den Seriennummern'} ` +
      `${last.quantity === 1 ? last.first_serial : `${last.first_serial} – ${last.last_serial}`} für diese Maschine, ` +
      'diesen Prüfer und diese Menge ausgestellt. Ein weiterer bekommt neue Seriennummern.',
    repeatConfirm: 'JA, NOCH EINEN',
    repeatCancel: 'ABBRECHEN',
  },
  issued: {
    title: 'Prüfbericht ausgestellt',
    number: 'Prüfbericht Nr.',
    machine: 'Maschine',
    serials: 'Seriennummern',
    quantity: 'Menge',
    time: 'Ausgestellt',
    print: 'DRUCKEN',
    labels: 'ETIKETTEN',
    next: 'NEUER PRÜFBERICHT',
  },
  list: {
    label: 'Prüfberichte',
    searchButton: 'Suchen',
    action: 'AKTION',
    status: 'STATUS',
    details: 'Details',
    print: 'Drucken',
    labels: 'Etiketten',
    failed: 'Die Prüfberichte konnten nicht geladen werden.',
  },
  print: {
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
  },
  /** The same names as the API's exports use. */
} as const;
