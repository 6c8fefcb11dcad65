/** The German strings of the release on the certificate page (docs/decisions/0010-test-record.md). */
export const releaseMessages = {
  verdict: 'Ergebnis',
  failedUnits: (failed: number, of: number) => `${failed} von ${of} ${of === 1 ? 'Einheit' : 'Einheiten'}`,
  release: 'Freigabe',
  releasedBy: (name: string, at: string) => `von ${name}, ${at}`,
  reasonOf: (reason: string) => `Begründung: ${reason}`,
  heading: 'Freigabe',
  awaiting: (serials: string[]) => `Zur Freigabe: ${serials.join(', ')}`,
  secondPerson: 'Freigeben darf nur, wer die Einheiten nicht geprüft hat.',
  releaseButton: 'FREIGEBEN',
  releaseTitle: 'Einheiten freigeben',
  releaseQuestion: (serials: string[]) =>
    `${serials.length === 1 ? 'Diese Einheit' : `Diese ${serials.length} Einheiten`} als bestanden freigeben: ${serials.join(', ')}?`,
  released: (count: number) => `${count === 1 ? 'Einheit' : `${count} Einheiten`} freigegeben.`,
  deviationHeading: 'Sonderfreigabe',
  deviationHint:
    'Gibt nicht bestandene Einheiten trotzdem frei. Die Begründung wird gedruckt und im Protokoll festgehalten.',
  deviationUnits: 'Nicht bestandene Einheiten',
  chooseUnit: 'Bitte mindestens eine Einheit wählen',
  reason: 'BEGRÜNDUNG DER SONDERFREIGABE',
  deviationButton: 'SONDERFREIGABE',
  deviationTitle: 'Sonderfreigabe erteilen',
  deviationQuestion: (serials: string[], reason: string) =>
    `Sonderfreigabe für ${serials.join(', ')}, obwohl die Prüfung nicht bestanden wurde? Begründung: ${reason}`,
  deviationDone: (count: number) =>
    `Sonderfreigabe erteilt für ${count === 1 ? 'eine Einheit' : `${count} Einheiten`}.`,
  cancel: 'ABBRECHEN',
  samePerson: 'Die Freigabe muss eine zweite Person erteilen, nicht der Prüfer.',
  conflict:
    'Hier ist nichts mehr freizugeben: Jemand hat die Einheiten inzwischen freigegeben oder storniert. Bitte neu laden.',
  reload: 'NEU LADEN',
  failed: 'Die Freigabe konnte nicht gespeichert werden.',
};
