import type { AuditAction } from './schemas';

// Apart from audit-text.ts: the shared pieces load these names with the login screen, and nothing else of it.

/**
 * The German name of every action: a new action cannot be recorded without one. The print events are
 * recorded when the browser opens its print dialog (mfe-certificates/src/api/record-prints.ts); no browser
 * tells a page whether the dialog then printed or was cancelled, so they say „zum Drucken geöffnet“, never
 * „gedruckt“.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'certificate.issued': 'Ausgestellt',
  'certificate.printed': 'Zum Drucken geöffnet',
  'certificate.reprinted': 'Zum Nachdruck geöffnet',
  'certificate.revised': 'Korrigiert',
  'certificate.voided': 'Storniert',
  'unit.voided': 'Einheit storniert',
  'test_plan.changed': 'Prüfplan geändert',
  'units.released': 'Freigegeben',
  'units.released_by_deviation': 'Sonderfreigabe',
  'unit.retested': 'Nachgeprüft',
  'instrument.created': 'Prüfmittel angelegt',
  'instrument.changed': 'Prüfmittel geändert',
  'instrument.calibrated': 'Prüfmittel kalibriert',
  'impact.closed': 'Auswirkung eines Prüfmittels abgeschlossen',
  'calibration.certificate_uploaded': 'Kalibrierschein hochgeladen',
  'impacts.exported': 'Auswirkungen exportiert',
  'labels.printed': 'Etiketten zum Drucken geöffnet',
  'certificates.exported': 'Exportiert',
  'brand.created': 'Marke angelegt',
  'brand.changed': 'Marke geändert',
  'machine.created': 'Maschine angelegt',
  'machine.changed': 'Maschine geändert',
  'image.uploaded': 'Bild hochgeladen',
  'auth.signed_in': 'Angemeldet',
  'auth.sign_in_failed': 'Anmeldung fehlgeschlagen',
  'auth.locked_out': 'Gesperrt nach Fehlversuchen',
  'auth.signed_out': 'Abgemeldet',
  'auth.signed_out_everywhere': 'Überall abgemeldet',
  'auth.recovery_code_used': 'Wiederherstellungscode benutzt',
  'account.created': 'Konto angelegt',
  'account.linked_to_directory': 'Mit dem Firmenkonto verbunden',
  'account.disabled': 'Konto gesperrt',
  'account.enabled': 'Konto freigeschaltet',
  'account.roles_changed': 'Rollen geändert',
  'account.password_reset': 'Passwort zurückgesetzt',
  'account.password_changed': 'Eigenes Passwort geändert',
  'account.two_factor_enabled': 'Zwei-Faktor-Anmeldung eingerichtet',
  'account.two_factor_disabled': 'Zwei-Faktor-Anmeldung ausgeschaltet',
  'settings.changed': 'Einstellung geändert',
  'account.two_factor_reset': 'Zwei-Faktor-Anmeldung zurückgesetzt',
  'account.password_check_failed': 'Aktuelles Passwort falsch eingegeben',
  'account.unlocked': 'Anmeldesperre aufgehoben',
  'job.retried': 'Fehlgeschlagenen Auftrag erneut gestartet',
  'account.two_factor_requirement_changed': 'Zwei-Faktor-Pflicht für das Konto geändert',
  'audit.exported': 'Protokoll exportiert',
  'document.uploaded': 'Dokument hochgeladen',
  'document.superseded': 'Dokument abgelöst',
  'paper_request.sent': 'Papierexemplar angefordert',
  'unit.registered': 'Vom Besitzer registriert',
  'registration.deleted': 'Registrierung gelöscht',
};
