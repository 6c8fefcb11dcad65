import { fieldMessages } from 'contracts';

/**
 * The German strings of this remote, the earlier app's with its typos corrected (docs/earlier-app.md); the
 * upload messages are the API's own (from contracts), so the browser's early check and the server say the same
 * thing.
 */
export const machineMessages = {
  /** Stays above SPEICHERN when saving failed without an answer (the toast closes after 1 s). */
  unreachable: 'Der Server ist nicht erreichbar. Ihre Eingaben sind noch da – bitte erneut speichern.',
  views: { label: 'Ansicht', machines: 'Maschinen', brands: 'Marken', paperRequests: 'Papierexemplare' },
  /** Where the list and the machine form link to a machine's test plan (features/test-plan). */
  testPlan: { link: 'Prüfplan', column: 'PRÜFPLAN' },
  list: {
    add: '+ HINZUFÜGEN',
    search: 'SUCHEN',
    table: 'Maschinen',
    columns: {
      pos: 'POS.',
      name: 'ARTIKELNUMMER',
      brand_name: 'MARKE',
      ean_number: 'EAN-NUMMER',
      created_at: 'ERSTELLUNGSDATUM',
      action: 'AKTION',
    },
    edit: 'Bearbeiten',
    loadFailed: 'Die Maschinen konnten nicht geladen werden.',
  },
  form: {
    back: 'Zurück',
    addTitle: 'MASCHINE HINZUFÜGEN',
    editTitle: 'MASCHINE BEARBEITEN',
    brand: 'MARKE',
    choose: 'wählen...',
    noBrands: 'Keine Marken',
    circuitBoard: 'ELEKTRISCHE REGELUNG',
    yes: 'Ja',
    no: 'NEIN',
    name: 'ARTIKELNUMMER',
    serialPrefix: 'SERIENNUMMER PRÄFIX',
    linkGer: 'DEUTSCHE PRODUKTSEITE',
    linkEn: 'ENGLISCHE PRODUKTSEITE',
    image: 'PRODUKTFOTO',
    ean: 'GEBEN SIE DIE EAN-NUMMER EIN',
    save: 'SPEICHERN',
    created: 'Maschine erfolgreich hinzugefügt!',
    updated: 'Maschine erfolgreich aktualisiert!',
    createFailed: 'Die Maschine konnte nicht hinzugefügt werden. Bitte versuchen Sie es erneut!',
    updateFailed: 'Die Maschine konnte nicht aktualisiert werden. Bitte versuchen Sie es erneut!',
    // A refused field (a taken article number) fails again on retry: these point at the field instead.
    createRefused: 'Die Maschine konnte nicht hinzugefügt werden. Bitte die markierten Felder prüfen.',
    updateRefused: 'Die Maschine konnte nicht aktualisiert werden. Bitte die markierten Felder prüfen.',
    loadFailed: 'Die Daten konnten nicht geladen werden.',
    notFound: 'Maschine nicht gefunden.',
    changes: 'Änderungen',
    /** The stored field names of a machine, as the form labels them, for its list of changes. */
    fields: {
      brand_id: 'MARKE',
      name: 'ARTIKELNUMMER',
      serial_prefix: 'SERIENNUMMER PRÄFIX',
      ean_number: 'EAN-NUMMER',
      link_ger: 'DEUTSCHE PRODUKTSEITE',
      link_en: 'ENGLISCHE PRODUKTSEITE',
      image: 'PRODUKTFOTO',
      electronic_circuit_board: 'ELEKTRISCHE REGELUNG',
    } as Record<string, string>,
    leaveTitle: 'Änderungen verwerfen?',
    leaveMessage:
      'Ihre Änderungen an dieser Maschine sind noch nicht gespeichert. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.',
    leaveConfirm: 'VERWERFEN',
    leaveCancel: 'ABBRECHEN',
  },
  brands: {
    add: '+ HINZUFÜGEN',
    table: 'Marken',
    addTitle: 'MARKE HINZUFÜGEN',
    editTitle: 'MARKE BEARBEITEN',
    name: 'NAME',
    logo: 'LOGO',
    email: 'E-MAIL',
    website: 'WEBSEITE',
    action: 'AKTION',
    edit: 'Bearbeiten',
    save: 'SPEICHERN',
    cancel: 'Abbrechen',
    created: 'Marke erfolgreich hinzugefügt!',
    updated: 'Marke erfolgreich aktualisiert!',
    createFailed: 'Die Marke konnte nicht hinzugefügt werden. Bitte versuchen Sie es erneut!',
    updateFailed: 'Die Marke konnte nicht aktualisiert werden. Bitte versuchen Sie es erneut!',
    createRefused: 'Die Marke konnte nicht hinzugefügt werden. Bitte die markierten Felder prüfen.',
    updateRefused: 'Die Marke konnte nicht aktualisiert werden. Bitte die markierten Felder prüfen.',
    loadFailed: 'Die Marken konnten nicht geladen werden.',
  },
  upload: {
    choose: 'Bild wählen',
    change: 'Anderes Bild wählen',
    uploading: 'Wird hochgeladen …',
    tooLarge: fieldMessages.uploadTooLarge,
    wrongType: fieldMessages.uploadType,
    failed: 'Das Bild konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut!',
    preview: 'Vorschau',
  },
} as const;
