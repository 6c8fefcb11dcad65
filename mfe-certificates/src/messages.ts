import { QUANTITY } from 'contracts';
/**
 * The German strings of the certificate form: the earlier app's labels (typos corrected), plus the
 * few messages the earlier app lacked (errors it swallowed, the reprint screen, the two copies of a unit);
 * docs/earlier-app.md describes that app. The other screens' strings are in their own modules, so the
 * form's chunk stays small.
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
    // The test record on the form (docs/decisions/0010-test-record.md) and daily use at the bench.
    testedBy: 'Geprüft von:',
    testerMissing: 'Das angemeldete Konto konnte nicht geladen werden. Bitte die Seite neu laden.',
    submitHint: 'Ausstellen mit WEITER oder Strg + Enter; Enter in einem Feld stellt nichts aus.',
    offline:
      'Der Server ist nicht erreichbar. Der Entwurf mit allen Werten bleibt erhalten, auch beim Neuladen der Seite.',
    retry: 'ERNEUT SENDEN',
    planMissing: 'Ohne den Prüfplan der Maschine kann nichts ausgestellt werden.',
  },
} as const;
