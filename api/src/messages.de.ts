import {
  formatDate,
  PASSWORD_MIN,
  ROLE_LABELS,
  ROLE_NEEDS,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MAX_BYTES,
  SERVICE_REQUEST_MAX,
  SERVICE_REQUEST_PHOTOS,
  SERVICE_REQUEST_PHOTO_FIELD,
  DOCUMENT_MAX_BYTES,
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  PDF_CHECK_LIMITS,
  fieldMessages,
  INSTRUMENT_KIND_LABELS,
  planStepMessages,
  resultMessages,
  type InstrumentKind,
  type RoleNeed,
} from 'contracts';

/**
 * Every German message the API sends, in one place; the spec's wording. English and Polish have the same keys
 * (messages.en.ts, messages.pl.ts); code reads them through `messages` (messages.ts).
 */
/**
 * What the customer page and its public routes answer: English and German in one, whatever the language of the
 * request (the customer page has its own two languages), so every catalog holds these unchanged.
 */
export const customerMessages = {
  documentNotFound: 'Document not found. / Dokument nicht gefunden.',
  customerCopyPending:
    'The test certificate is being prepared. Please try again in a few seconds. / ' +
    'Der Prüfbericht wird gerade erstellt. Bitte in einigen Sekunden erneut versuchen.',
  certificatePdfUnavailable:
    'No test certificate can be downloaded for this serial number: it is not released, or it was withdrawn. / ' +
    'Für diese Seriennummer gibt es keinen Prüfbericht zum Herunterladen: sie ist nicht freigegeben oder wurde zurückgezogen.',
  verifyMalformed:
    'This is not a SHA-256 checksum (64 hexadecimal characters). / Das ist keine SHA-256-Prüfsumme (64 Hexadezimalzeichen).',
  verifyUnknown:
    'No document with this checksum was issued by us. / Ein Dokument mit dieser Prüfsumme wurde nicht von uns ausgestellt.',
  rangeNotSatisfiable:
    'The requested byte range is outside the document. / Der Bytebereich liegt außerhalb des Dokuments.',
  documentIntegrity:
    'The stored document no longer matches its checksum and is not delivered; the manufacturer has been alerted. / Das gespeicherte Dokument stimmt nicht mehr mit seiner Prüfsumme überein und wird nicht ausgeliefert; der Hersteller ist benachrichtigt.',
  tooManyDownloads:
    'Too many downloads from your address at once; please wait until one has finished. / Zu viele gleichzeitige Downloads von Ihrer Adresse; bitte warten Sie, bis einer fertig ist.',
  paperRequestInvalid: 'Please check the marked fields. / Bitte prüfen Sie die markierten Felder.',
  paperRequestName: 'Please enter your name. / Bitte geben Sie Ihren Namen an.',
  paperRequestAddress: 'Please enter your postal address. / Bitte geben Sie Ihre Postanschrift an.',
  paperRequestEmail: 'Please enter a valid e-mail address. / Bitte geben Sie eine gültige E-Mail-Adresse an.',
  paperRequestDocument: 'Please choose a document. / Bitte wählen Sie ein Dokument.',
  gs1Malformed:
    'This is not a valid GS1 Digital Link (GTIN with check digit, serial up to 20 characters). / Kein gültiger GS1 Digital Link (GTIN mit Prüfziffer, Seriennummer bis 20 Zeichen).',
  gs1Unknown: 'Unknown product or serial number. / Unbekanntes Produkt oder unbekannte Seriennummer.',
  gs1NoLink:
    'There is no link of this type for this product. / Für dieses Produkt gibt es keinen Link dieser Art.',
  // Registration from the unit's page (api/src/modules/registrations).
  registrationOwner: 'Please enter your name or company. / Bitte geben Sie Ihren Namen oder Ihre Firma an.',
  registrationCountry: 'Please choose your country. / Bitte wählen Sie Ihr Land.',
  registrationPurchasedOn:
    'Please enter the date of purchase (not in the future). / Bitte geben Sie das Kaufdatum an (nicht in der Zukunft).',
  registrationDealer:
    'Please enter the dealer in at most 200 characters. / Bitte geben Sie den Händler mit höchstens 200 Zeichen an.',
  registrationConsent:
    'Please agree to the storage of your data. / Bitte stimmen Sie der Speicherung Ihrer Daten zu.',
  registrationConsentVersion:
    'The consent text has changed; please reload the page. / Der Einwilligungstext hat sich geändert; bitte laden Sie die Seite neu.',
  registrationUnitUnknown:
    'This serial number cannot be registered: it is unknown, not released or withdrawn. / Diese Seriennummer kann nicht registriert werden: sie ist unbekannt, nicht freigegeben oder zurückgezogen.',
  registrationTaken:
    'This machine is already registered. We have passed your registration on to the manufacturer, who will contact you. / Diese Maschine ist bereits registriert. Wir haben Ihre Registrierung an den Hersteller weitergegeben, der sich bei Ihnen meldet.',
  registrationTooMany:
    'Too many registrations; please try again later. / Zu viele Registrierungen; bitte versuchen Sie es später erneut.',
  registrationLinkInvalid:
    'This confirmation link is not valid or has been used already. / Dieser Bestätigungslink ist ungültig oder wurde schon benutzt.',
  registrationLinkExpired:
    'This confirmation link has expired; please register again. / Dieser Bestätigungslink ist abgelaufen; bitte registrieren Sie sich erneut.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. / Dieser Abmeldelink ist ungültig.',
  // Service requests from the unit's page (api/src/modules/service-requests).
  serviceRequestText: `Please describe what happened in at most ${SERVICE_REQUEST_MAX.text} characters. / Bitte beschreiben Sie mit höchstens ${SERVICE_REQUEST_MAX.text} Zeichen, was passiert ist.`,
  serviceRequestName: `Please enter your name in at most ${SERVICE_REQUEST_MAX.name} characters. / Bitte geben Sie Ihren Namen mit höchstens ${SERVICE_REQUEST_MAX.name} Zeichen an.`,
  serviceRequestPhone: `Please enter a phone number (digits, spaces, + - / ( ), at most ${SERVICE_REQUEST_MAX.phone} characters). / Bitte geben Sie eine Telefonnummer an (Ziffern, Leerzeichen, + - / ( ), höchstens ${SERVICE_REQUEST_MAX.phone} Zeichen).`,
  serviceRequestLanguage: 'Please reload the page. / Bitte laden Sie die Seite neu.',
  serviceRequestUnitUnknown:
    'Service cannot be requested here for this serial number; please contact the manufacturer. / Für diese Seriennummer kann hier kein Service angefragt werden; bitte wenden Sie sich an den Hersteller.',
  serviceRequestTooMany:
    'Too many service requests; please try again later. / Zu viele Serviceanfragen; bitte versuchen Sie es später erneut.',
  servicePhotoTooLarge: `A photo is too large (at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB each). / Ein Foto ist zu groß (höchstens ${UPLOAD_MAX_BYTES / 1024 / 1024} MB je Foto).`,
  servicePhotoType:
    'Only photos in PNG, JPEG or GIF are accepted. / Nur Fotos als PNG, JPEG oder GIF sind möglich.',
  servicePhotoBroken:
    'A photo is damaged, incomplete or not only a photo. / Ein Foto ist beschädigt, unvollständig oder nicht nur ein Foto.',
  servicePhotoTooManyPixels: `A photo has too many pixels (at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels). / Ein Foto hat zu viele Pixel (höchstens ${UPLOAD_MAX_PIXELS / 1_000_000} Megapixel).`,
  servicePhotosTooMany: `Please send at most ${SERVICE_REQUEST_PHOTOS} photos. / Bitte senden Sie höchstens ${SERVICE_REQUEST_PHOTOS} Fotos.`,
  servicePhotoField: `Please send photos in the field „${SERVICE_REQUEST_PHOTO_FIELD}“. / Bitte senden Sie Fotos im Feld „${SERVICE_REQUEST_PHOTO_FIELD}“.`,
  paperRequestMarkup:
    'Please enter plain text without angle brackets. / Bitte nur einfachen Text ohne spitze Klammern eingeben.',
} as const;

export const german = {
  ...customerMessages,
  badRequest: 'Die Anfrage ist ungültig.',
  checkFields: 'Bitte prüfen Sie die markierten Felder.',
  // The test record (docs/decisions/0010-test-record.md).
  checkResults: 'Bitte prüfen Sie die markierten Prüfwerte.',
  checkPlan: 'Bitte prüfen Sie die markierten Angaben des Prüfplans.',
  unitNotInCertificate: (unit: number, quantity: number) =>
    `Einheit ${unit}: Das Zertifikat hat nur ${quantity} Einheit${quantity === 1 ? '' : 'en'}.`,
  serialsNotInCertificate: (serials: string[]) => `Nicht aus diesem Zertifikat: ${serials.join(', ')}`,
  // Test instruments (docs/decisions/0018-instruments.md).
  instrumentNotFound: 'Dieses Prüfmittel gibt es nicht.',
  inventoryTaken: 'Diese Inventarnummer gibt es schon.',
  intervalPositive: 'Mindestens 1 Monat',
  dayInvalid: 'Bitte ein gültiges Datum angeben (JJJJ-MM-TT)',
  dueBeforeCalibration: 'Die Fälligkeit liegt vor der letzten Kalibrierung',
  calibrationDay: 'Bitte ein gültiges Datum angeben, nicht in der Zukunft',
  suspectSince: 'Bitte angeben, seit wann das Prüfmittel verdächtig ist (spätestens am Tag der Kalibrierung)',
  suspectOnlyOut: 'Nur bei „außer Toleranz“',
  impactNotFound: 'Diesen Eintrag gibt es nicht.',
  impactNote: 'Bitte begründen, warum es keine Auswirkung hat',
  impactNotRevised: 'Der Prüfbericht wurde seit dem Befund nicht korrigiert. Bitte zuerst korrigieren.',
  impactNotVoided: 'Der Prüfbericht ist nicht storniert. Bitte zuerst stornieren.',
  impactClosed: 'Dieser Eintrag ist schon abgeschlossen.',
  instrumentMissing: 'Bitte das Prüfmittel angeben, das gemessen hat',
  instrumentUnknown: 'Dieses Prüfmittel gibt es nicht',
  instrumentNotNeeded: 'Dieser Schritt braucht kein Prüfmittel',
  instrumentUnfit: (inventory: string, reason: string) => `Prüfmittel ${inventory}: ${reason}`,
  instrumentOverdue: (due: string) => `Kalibrierung fällig seit ${formatDate(due)}`,
  instrumentBlocked: 'gesperrt',
  instrumentRetired: 'ausgesondert',
  instrumentWrongKind: (kind: InstrumentKind) => `ist kein ${INSTRUMENT_KIND_LABELS[kind]}`,
  calibrationNotFound: 'Diese Kalibrierung gibt es bei diesem Prüfmittel nicht.',
  calibrationCertificateMissing: 'Bitte den Kalibrierschein als PDF wählen.',
  calibrationCertificateEmpty: 'Der Kalibrierschein ist leer.',
  calibrationCertificateTooLarge: `Der Kalibrierschein ist zu groß (höchstens ${CALIBRATION_CERTIFICATE_MAX_BYTES / 1024 / 1024} MB).`,
  calibrationCertificateNone: 'Zu dieser Kalibrierung ist noch kein Kalibrierschein hochgeladen.',
  nothingToExportImpacts: 'Kein Eintrag passt zu diesem Filter: es gibt nichts zu exportieren.',
  // Safety notices and recalls (docs/decisions/0045-safety-notices.md).
  noticeNotFound: 'Diesen Sicherheitshinweis gibt es nicht.',
  noticeClosed: 'Dieser Sicherheitshinweis ist schon geschlossen.',
  noticeScope: 'Bitte einen Seriennummernbereich oder einen Ausstellungszeitraum angeben',
  noticeRangeBoth: 'Bitte Anfang und Ende des Bereichs angeben',
  noticeRangeLength: 'Anfang und Ende des Bereichs müssen gleich lang sein',
  noticeRangeReversed: 'Das Ende des Bereichs liegt vor seinem Anfang',
  noticePeriodReversed: 'Das Ende des Zeitraums liegt vor seinem Anfang',
  noticeCloseReason: 'Bitte begründen, warum der Hinweis geschlossen wird',
  nothingToExportNotice: 'Dieser Hinweis betrifft keine ausgestellte Einheit: es gibt nichts zu exportieren.',
  planVersionNotFound: 'Diese Version des Prüfplans gibt es nicht.',
  planReasonMissing: 'Bitte geben Sie an, warum der Prüfplan geändert wird (Änderungsgrund).',
  planCopiedFrom: (name: string, version: number) =>
    `Übernommen aus dem Prüfplan von ${name} (Version ${version}).`,
  planChanged:
    'Der Prüfplan wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und übernehmen Sie Ihre Änderungen.',
  samePerson: 'Die Freigabe muss eine zweite Person erteilen, nicht der Prüfer.',
  nothingToRelease: 'Hier ist nichts freizugeben: keine der Einheiten wartet auf Freigabe.',
  notFailed: 'Eine Sonderfreigabe gibt es nur für nicht bestandene Einheiten.',
  deviationReason: 'Bitte den Grund der Sonderfreigabe angeben.',
  releaseVoided: 'Das Zertifikat ist storniert und kann nicht freigegeben werden.',
  notRetestable: 'Nachgeprüft werden kann nur eine nicht bestandene, nicht stornierte Einheit.',
  failureReasonMissing: 'Bitte den Fehlergrund wählen',
  failureReasonUnknown: 'Diesen Fehlergrund gibt es im Katalog nicht',
  failureReasonNotFound: 'Diesen Fehlergrund gibt es nicht.',
  failureReasonCodeTaken: 'Diesen Code hat schon ein anderer Fehlergrund',
  failureReasonInUse: (retests: number) =>
    `Dieser Fehlergrund ist in ${retests === 1 ? 'einer Nachprüfung' : `${retests} Nachprüfungen`} genannt und bleibt im Katalog; nur seine Bezeichnung kann geändert werden.`,
  labelsRefused: (serials: string[]) =>
    `Für diese Einheiten gibt es keine Etiketten (nicht bestanden, nicht freigegeben oder storniert): ${serials.join(', ')}`,
  invalidQuery: 'Die Abfrageparameter sind ungültig.',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  emptyBody: 'Die Anfrage enthält keine Daten.',
  unsupportedMediaType: 'Dieses Datenformat wird hier nicht unterstützt.',
  bodyTooLarge: 'Die Anfrage ist zu groß.',
  notFound: 'Nicht gefunden.',
  routeNotFound: 'Diese Adresse gibt es nicht.',
  methodNotAllowed: 'Diese Methode ist hier nicht erlaubt.',
  unauthorized: 'Token abgelaufen, bitte melden Sie sich an',
  loginFailed: 'E-Mail oder Passwort ist falsch.',
  forbidden: (need: RoleNeed) =>
    need === 'read'
      ? 'Ihrem Konto ist keine Rolle zugewiesen. Bitte wenden Sie sich an einen Administrator.'
      : `Dafür fehlt Ihrem Konto die Rolle ${ROLE_NEEDS[need].map((role) => `„${ROLE_LABELS[role]}“`).join(' oder ')}. Bitte wenden Sie sich an einen Administrator.`,
  passwordChangeRequired: 'Bitte ändern Sie zuerst Ihr Passwort.',
  twoFactorRequired: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein.',
  secondFactorFailed: 'Der Code ist falsch oder abgelaufen.',
  challengeExpired: 'Die Anmeldung hat zu lange gedauert. Bitte melden Sie sich erneut an.',
  passwordTooShort: `Mindestens ${PASSWORD_MIN} Zeichen`,
  passwordCommon: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
  passwordSame: 'Das neue Passwort muss sich vom bisherigen unterscheiden.',
  passwordWrong: 'Das Passwort ist falsch.',
  accountNotFound: 'Konto nicht gefunden.',
  emailTaken: 'Ein Konto mit dieser E-Mail-Adresse gibt es schon.',
  lastAdministrator:
    'Das ist das letzte aktive Administrator-Konto. Bitte zuerst einem anderen Konto die Rolle geben.',
  ownAccountDisable: 'Das eigene Konto kann nicht gesperrt werden.',
  twoFactorAlreadyOn: 'Die Zwei-Faktor-Anmeldung ist schon eingerichtet.',
  twoFactorNotStarted: 'Bitte starten Sie die Einrichtung erneut.',
  twoFactorStillRequired: 'Die Zwei-Faktor-Anmeldung ist für alle Konten vorgeschrieben.',
  twoFactorOff: 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.',
  accountLocked: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in ${minutes} Minuten erneut.`,
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
  currentPasswordLocked: (minutes: number) =>
    `Zu oft ein falsches Passwort. Bitte versuchen Sie es in ${minutes} Minuten erneut.`,
  ownAccountRoles: 'Die eigenen Rollen kann nur ein anderes Administrator-Konto ändern.',
  ownAccountPassword: 'Das eigene Passwort ändern Sie unter „Mein Konto“ mit dem aktuellen Passwort.',
  ownAccountTwoFactor: 'Die eigene Zwei-Faktor-Anmeldung ändern Sie unter „Mein Konto“.',
  twoFactorRequiredForAccount: 'Die Zwei-Faktor-Anmeldung ist für dieses Konto vorgeschrieben.',
  jobKilledItsWorker: (tries: number) =>
    `Nach ${tries} Versuchen abgebrochen: der Worker endete bei jedem Versuch dieses Auftrags (beendet oder abgestürzt).`,
  jobNotFailed: 'Diesen fehlgeschlagenen Auftrag gibt es nicht (mehr).',
  jobAlreadyWaiting:
    'Für dieselbe Sache wartet schon ein neuerer Auftrag; dieser muss nicht noch einmal laufen.',
  schemaNewer: (newer: string, known: string) =>
    `Diese Version des Programms ist älter als ihre Datenbank (Migration ${newer}, bekannt bis ${known}) und ` +
    'speichert nichts mehr. Bitte auf die neue Version aktualisieren.',
  databaseUnavailable: 'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.',
  webBaseRequired:
    'Dieser Server kennt seine öffentliche Adresse nicht. Bitte WEB_BASE setzen (z. B. https://pruefbericht.example.com).',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
  brandNotFound: 'Marke nicht gefunden.',
  machineNotFound: 'Maschine nicht gefunden.',
  certificateNotFound: 'Prüfbericht nicht gefunden.',
  uploadNotFound: 'Bild nicht gefunden.',
  machineNameTaken: 'Diese Artikelnummer gibt es für diese Marke schon.',
  brandNameTaken: 'Eine Marke mit diesem Namen gibt es schon.',
  machineNotOfBrand: 'Diese Maschine gehört nicht zur gewählten Marke.',
  idempotencyKeyReused:
    'Dieser Vorgang wurde schon mit anderen Angaben gesendet. Bitte laden Sie die Seite neu und prüfen Sie die Liste.',
  reasonRequired: 'Bitte einen Grund angeben',
  certificateVoided: 'Dieser Prüfbericht ist storniert und kann nicht mehr geändert werden.',
  staleVersion:
    'Der Prüfbericht wurde inzwischen geändert. Bitte laden Sie ihn neu und prüfen Sie Ihre Änderung noch einmal.',
  nothingChanged: 'Es wurde nichts geändert.',
  measuredByRetest: (recorded: string) =>
    `Ein Messwert wird mit einer Nachprüfung der Einheit korrigiert, nicht mit einer Korrektur (laut Prüfung: ${recorded || 'kein Wert'}).`,
  voidedUnitRecorded: (recorded: string) =>
    `Stornierte Einheiten werden nicht nachgeprüft; laut ihrer Prüfung bleibt es bei ${recorded}.`,
  notRevisable: 'Maschine, Marke und Präfix werden nicht korrigiert: bitte stornieren und neu ausstellen.',
  unitUnknown: (serial: string) => `Unbekannte Seriennummer: ${serial}.`,
  unitOfOtherCertificate: (serial: string) => `${serial} gehört nicht zu diesem Prüfbericht.`,
  unitAlreadyVoided: (serial: string) => `${serial} ist bereits storniert.`,
  revisionNotFound: 'Diese Revision gibt es nicht.',
  unitNotFound: 'Seriennummer nicht gefunden.',
  serialConflict: 'Die Seriennummern konnten nicht vergeben werden. Bitte versuchen Sie es erneut.',
  uploadMissing: 'Bitte eine Datei im Feld „file“ senden.',
  uploadTooLarge: fieldMessages.uploadTooLarge,
  uploadType: fieldMessages.uploadType,
  uploadBroken: 'Die Bilddatei ist beschädigt oder unvollständig.',
  uploadTooManyPixels: `Das Bild hat zu viele Pixel (höchstens ${UPLOAD_MAX_PIXELS / 1_000_000} Megapixel, z. B. 6000 × 4000).`,
  uploadOneFile: 'Bitte genau eine Datei hochladen.',
  uploadChoose: 'Bitte ein hochgeladenes Bild wählen',
  multipartInvalid: 'Die Datei konnte nicht gelesen werden. Bitte als multipart/form-data senden.',
  fieldRequired: 'Pflichtfeld',
  fieldType: 'Ungültiger Wert',
  fieldNoTime: 'Kein gültiges Datum',
  timeRangeInverted: 'Das Ende liegt vor dem Anfang',
  fieldNul: 'Enthält ein unzulässiges Steuerzeichen (NUL)',
  fieldTooLong: (max: number) => `Höchstens ${max} Zeichen`,
  fieldRange: (min: number, max: number) => `Bitte eine ganze Zahl von ${min} bis ${max}`,
  fieldUnknownChoice: 'Dieser Wert ist nicht erlaubt',
  filterDayInvalid: 'Kein gültiges Datum',
  filterRangeInverted: 'Das Bis-Datum liegt vor dem Von-Datum.',
  filterBrandUnknown: 'Diese Marke gibt es nicht.',
  filterMachineUnknown: 'Diese Maschine gibt es nicht.',
  checkFilter: 'Bitte prüfen Sie den Filter.',
  nothingToExport: 'Kein Prüfbericht passt zu diesem Filter: es gibt nichts zu exportieren.',
  nothingToExportAudit: 'Kein Eintrag des Protokolls passt zu diesem Filter: es gibt nichts zu exportieren.',
  exportNotFound:
    'Diesen Export gibt es nicht (mehr): eine Datei wird einen Tag lang aufbewahrt. Bitte exportieren Sie erneut.',
  exportNotReady: 'Der Export wird noch vorbereitet. Bitte warten Sie, bis er fertig ist.',
  exportFailed: 'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  periodInverted: 'Der Bis-Monat liegt vor dem Von-Monat.',
  periodTooLong: (months: number) => `Bitte höchstens ${months} Monate auf einmal wählen.`,
  // Hardening (issue 30): work the instance takes on only so much of at once, and names that hide characters.
  signInBusy:
    'Gerade melden sich sehr viele gleichzeitig an. Bitte versuchen Sie es in einigen Sekunden erneut.',
  uploadBusy:
    'Gerade werden viele Bilder gleichzeitig geprüft. Bitte versuchen Sie es in einigen Sekunden erneut.',
  exportsBusy: 'Gerade laufen zu viele Exporte. Bitte versuchen Sie es in einer Minute erneut.',
  exportsBusyForAccount: (running: number) =>
    `Sie haben bereits ${running} Exporte laufen. Bitte warten Sie, bis einer fertig ist.`,
  fieldControlCharacter: 'Bitte nur eine Zeile ohne Steuerzeichen (Zeilenumbruch, Tabulator) eingeben.',
  fieldInvisible: 'Enthält unsichtbare Zeichen oder Steuerzeichen für die Schreibrichtung',
  fieldBrokenText: 'Enthält ungültige Zeichen (ein halbes Unicode-Zeichenpaar)',
  malformedRequest: 'Die Anfrage ist fehlerhaft und konnte nicht gelesen werden.',
  // Documents behind the QR code and paper copies (docs/decisions/0012-documents.md); the customer's are in
  // customerMessages above.
  documentFileMissing: 'Bitte eine PDF-Datei wählen.',
  documentEmpty: 'Die Datei ist leer.',
  documentTooLarge: `Die Datei ist zu groß (höchstens ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB).`,
  documentNotPdf: 'Die Datei ist kein lesbares PDF (geprüft wird der Inhalt, nicht der Dateiname).',
  documentEncrypted:
    'Verschlüsselte PDFs werden nicht angenommen: Kunden müssen sie ohne Passwort öffnen können.',
  documentJavascript: 'Das PDF enthält JavaScript und wird nicht angenommen.',
  documentLaunch: 'Das PDF enthält eine Aktion, die ein Programm startet, und wird nicht angenommen.',
  documentEmbeddedFile: 'Das PDF enthält eingebettete Dateien und wird nicht angenommen.',
  documentForm:
    'Das PDF enthält ein Formular, das Daten sendet oder lädt (SubmitForm, ImportData oder XFA), und wird nicht angenommen.',
  documentLink:
    'Das PDF enthält einen Verweis auf eine andere Datei oder auf eine Adresse außer http, https, mailto und tel und wird nicht angenommen.',
  documentMultimedia:
    'Das PDF enthält Multimedia-Inhalte (Film, Ton, 3D oder RichMedia) und wird nicht angenommen.',
  documentCompression:
    'Das PDF enthält komprimierte Objekte, die nicht geprüft werden können (beschädigt oder ungewöhnlich komprimiert). Bitte das PDF neu speichern, z. B. mit „Drucken als PDF“.',
  documentTooComplex: (reason: string) =>
    `Das PDF ist zu aufwendig für die Prüfung (${reason}) und wird nicht angenommen. Bitte das PDF neu speichern oder verkleinern.`,
  documentTooComplexReasons: {
    inflated: `entpackt mehr als ${PDF_CHECK_LIMITS.streamBytes / 1024 / 1024} MB in einem Objektstrom oder ${PDF_CHECK_LIMITS.inflatedBytes / 1024 / 1024} MB insgesamt`,
    values: `mehr als ${PDF_CHECK_LIMITS.values.toLocaleString('de-DE')} Einträge`,
    depth: `mehr als ${PDF_CHECK_LIMITS.depth} Ebenen verschachtelt`,
    time: `länger als ${PDF_CHECK_LIMITS.seconds} Sekunden`,
    memory: `mehr als ${PDF_CHECK_LIMITS.heapMb} MB Speicher`,
  },
  documentCheckBusy: 'Es wird gerade ein anderes PDF geprüft. Bitte in einigen Sekunden erneut versuchen.',
  documentKind: 'Bitte eine Dokumentart wählen.',
  documentLanguage: 'Bitte einen Sprachcode nach ISO 639-1 angeben (zwei Kleinbuchstaben, z. B. de).',
  documentValidFrom: 'Bitte ein gültiges Datum angeben (JJJJ-MM-TT).',
  documentSameDay: 'Ab diesem Tag gilt schon eine Version dieser Art und Sprache.',
  documentEarlier: (day: string) =>
    `Es gilt schon eine Version ab ${day}. Eine früher gültige Version bitte ausdrücklich bestätigen.`,
  unknownField: (name: string) => `Unbekanntes Feld „${name}“.`,
  // The sealed certificate PDFs (docs/decisions/0020-sealed-certificate.md).
  certificatePdfPending:
    'Das PDF des Prüfberichts wird noch erstellt. Bitte in einigen Sekunden erneut versuchen.',
  paperRequestNotFound: 'Anfrage nicht gefunden.',
  registrationNotFound: 'Diese Registrierung gibt es nicht (mehr).',
  serviceRequestNotFound: 'Diese Serviceanfrage gibt es nicht (mehr).',
  serviceRequestPhotoNotFound: 'Dieses Foto gibt es nicht.',
  paperRequestSentOn: 'Bitte den Tag des Versands angeben (nicht in der Zukunft, nicht vor der Anfrage).',
  paperRequestAlreadySent: 'Diese Anfrage ist schon als versandt erledigt.',
  // Sign-in with the company account (docs/decisions/0029-company-account-sign-in.md).
  companySignInOff: 'Die Anmeldung mit dem Firmenkonto ist hier nicht eingerichtet.',
  companySignInFailed:
    'Die Anmeldung mit dem Firmenkonto ist fehlgeschlagen oder abgelaufen. Bitte versuchen Sie es erneut.',
  companySignInDenied: 'Der Anmeldedienst Ihrer Firma hat die Anmeldung abgebrochen oder abgelehnt.',
  providerUnavailable:
    'Der Anmeldedienst Ihrer Firma ist gerade nicht erreichbar. Bitte später erneut versuchen; Administratoren können sich mit E-Mail und Passwort anmelden.',
  noMappedRole:
    'Keine Berechtigung für Prüfbericht. Bitte wenden Sie sich an Ihre IT, um in die passende Gruppe aufgenommen zu werden.',
  companyAccountNoEmail:
    'Ihr Firmenkonto übermittelt keine E-Mail-Adresse. Bitte wenden Sie sich an Ihre IT.',
  companyAccountEmailTaken:
    'Zu dieser E-Mail-Adresse gibt es schon ein Konto mit Passwort, und der Anmeldedienst bestätigt die Adresse nicht. Bitte wenden Sie sich an einen Administrator.',
  companyAccountDisabled: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an einen Administrator.',
  companyAccountOnly: 'Bitte melden Sie sich mit dem Firmenkonto an.',
  // A tester's file (api/src/modules/imports/tester-file.ts, docs/tester-files.md).
  importEmpty: 'Die Datei ist leer.',
  importTooLarge: 'Die Datei ist zu groß (höchstens 10 MB).',
  importFormat:
    'Die Datei ist weder eine Tabelle (CSV oder XLSX) noch eine Metrel-Datei (.padfx); erkannt wird am Inhalt, nicht am Namen.',
  importCsvBroken: 'Die CSV-Datei ist fehlerhaft (z. B. ein nicht geschlossenes Anführungszeichen).',
  importZipBroken: 'Die Datei ist ein beschädigtes oder unvollständiges ZIP-Archiv.',
  importZipPath:
    'Das Archiv enthält einen unzulässigen Dateinamen (absoluter Pfad oder „..“); es wird nicht gelesen.',
  importZipTooBig:
    'Das Archiv entpackt sich zu mehr als 50 MB oder mehr als 1000 Dateien; es wird nicht gelesen.',
  importXmlDeclaration:
    'Die Datei enthält eine Dokumenttypdefinition (DOCTYPE oder ENTITY); aus Sicherheitsgründen wird sie nicht gelesen.',
  importXmlBroken: 'Die Datei enthält fehlerhaftes XML.',
  importMetrelStructure: 'Die Metrel-Datei hat nicht den erwarteten Aufbau (Database mit Data).',
  importNoRows: 'Die Tabelle enthält keine Zeilen mit Werten.',
  importTooBig: 'Die Tabelle ist zu groß: höchstens 10.000 Zeilen und 200 Spalten.',
  importCellTooLong: 'Eine Zelle der Tabelle ist länger als 500 Zeichen.',
  importMixedDecimals: (column: string) =>
    `In der Spalte „${column}“ stehen Zahlen mit Komma und mit Punkt als Dezimaltrennzeichen; bitte einheitlich.`,
  importFileMissing: 'Bitte eine Datei des Prüfgeräts wählen.',
  importFileNotFound: 'Die Datei des Prüfgeräts wurde nicht gefunden.',
  importOtherMachine: 'Die Datei wurde für eine andere Maschine hochgeladen.',
  importMappingMissing:
    'Für diese Maschine und dieses Prüfgerät ist noch keine Zuordnung der Spalten gespeichert.',
  importMappingNotFound: 'Die Zuordnung wurde nicht gefunden.',
  importMappingChange: 'Eine gespeicherte Zuordnung ändert nur, wer freigeben darf.',
  importMappingStep: (step: string) =>
    `Der Prüfschritt „${step}“ wird nicht je Einheit geprüft oder fehlt im Prüfplan.`,
  importColumnMissing: (column: string) => `Die Datei hat keine Spalte „${column}“.`,
  importUnitMismatch: (column: string, unit: string, stepUnit: string) =>
    `Die Spalte „${column}“ ist in ${unit} angegeben, der Prüfschritt in ${stepUnit}: das lässt sich nicht umrechnen.`,
  importTwoRows: (serial: string) => `Die Datei enthält für die Seriennummer ${serial} mehr als eine Zeile.`,
  importSerialOfOther: (serial: string) => `Die Seriennummer ${serial} gehört zu einem anderen Prüfbericht.`,
  importNeedsSerial:
    'Für eine Wiederholungsprüfung braucht die Datei eine Spalte mit der Seriennummer oder genau eine Zeile.',
  importUnitNotInFile: (serial: string) => `Die Datei enthält keine Werte für die Seriennummer ${serial}.`,
  importTarget: 'Bitte die Anzahl der Einheiten oder die Seriennummer der Wiederholungsprüfung angeben.',
  importConflict: (list: string) =>
    `Werte der Datei weichen von eingegebenen ab (${list}): bitte wählen, ob die eingegebenen bleiben oder ersetzt werden.`,
  importInstrumentUnknown: (serial: string) =>
    `Das Prüfgerät mit der Seriennummer ${serial} steht nicht im Geräteverzeichnis; die Datei wird nicht übernommen.`,
  importInstrumentUnfit: (serial: string, reason: string) =>
    `Das Prüfgerät mit der Seriennummer ${serial} ist nicht einsatzbereit (${reason}); die Datei wird nicht übernommen.`,
  importInstrumentMissing: 'Die Metrel-Datei nennt kein Prüfgerät (Seriennummer ISer).',
  importCalibrationMissing: (serial: string) =>
    `Die Metrel-Datei nennt für das Prüfgerät ${serial} kein lesbares Kalibrierdatum (ICalD); die Datei wird nicht übernommen.`,
  importCalibrationDiffers: (serial: string, file: string, register: string) =>
    `Die Datei nennt für das Prüfgerät ${serial} die Kalibrierung vom ${formatDate(file)}, das Geräteverzeichnis als letzte die vom ${formatDate(register)}. Es gilt das Geräteverzeichnis: eine dort fehlende Kalibrierung bitte zuerst eintragen; die Datei wird nicht übernommen.`,
  importMeasurementIdTwice: (key: string) => `Die Messungs-ID ${key} steht mehr als einmal in der Liste.`,
  importRow: (row: number) => `Zeile ${row}`,
  // The certificate PDF of one unit (docs/decisions/0020-sealed-certificate.md).
  pdfUnitNotInCertificate: (serial: string) =>
    `Die Seriennummer ${serial} gehört nicht zu diesem Prüfbericht.`,
  pdfUnitVoided: (serial: string) =>
    `Die Seriennummer ${serial} ist storniert: dafür gibt es kein Kundenexemplar.`,
  pdfUnitAwaitingRelease: (serial: string) =>
    `Die Seriennummer ${serial} ist noch nicht freigegeben: dafür gibt es noch kein Kundenexemplar.`,
  pdfFailed: 'Der Prüfbericht konnte nicht als PDF erstellt werden.',
  // contracts' checks, which the staff app makes before sending, in the words it uses.
  fields: fieldMessages,
  results: resultMessages,
  planSteps: planStepMessages,
  roles: ROLE_LABELS,
} as const;
