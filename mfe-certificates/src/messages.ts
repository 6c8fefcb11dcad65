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
  },
} as const;
