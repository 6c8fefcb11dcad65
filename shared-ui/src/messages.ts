import { AUDIT_ACTION_LABELS } from 'contracts';

/** Every German string the shared pieces and the shell show, in one place. */
export const messages = {
  events: {
    title: 'Verlauf',
    failed: 'Der Verlauf konnte nicht geladen werden.',
    none: 'Noch keine Einträge.',
    more: 'ÄLTERE LADEN',
    nobody: 'ohne Anmeldung',
    revision: (revision: number) => `Revision ${revision}`,
    reason: (reason: string) => `Grund: ${reason}`,
    actions: AUDIT_ACTION_LABELS,
  },
  sessionExpired: 'Token abgelaufen, bitte melden Sie sich an',
  table: {
    rowsPerPage: 'ZEILEN PRO SEITE',
    of: 'VON',
    empty: 'There are no records to display',
    loading: 'Loading...',
    firstPage: 'Erste Seite',
    previousPage: 'Vorherige Seite',
    nextPage: 'Nächste Seite',
    lastPage: 'Letzte Seite',
    sortAscending: 'aufsteigend sortiert',
    sortDescending: 'absteigend sortiert',
  },
  search: 'SUCHEN...',
  loading: 'Wird geladen …',
  close: 'Schließen',
  remoteUnavailable: 'Modul derzeit nicht verfügbar',
  remoteUnavailableHint:
    'Dieser Bereich konnte nicht geladen werden. Die übrigen Bereiche funktionieren weiter.',
  retry: 'Erneut versuchen',
  configFailed: 'Die Konfiguration konnte nicht geladen werden.',
  unexpectedError: 'Es ist ein unerwarteter Fehler aufgetreten.',
  reload: 'Seite neu laden',
} as const;
