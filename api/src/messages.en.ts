import {
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  PASSWORD_MIN,
  PDF_CHECK_LIMITS,
  RESULT_VALUE_MAX,
  ROLE_NEEDS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  type InstrumentKind,
  type RoleNeed,
} from 'contracts';
import type { Messages } from './messages';
import { german } from './messages.de';

/** The staff app's English (shell/src/app/locales/en.json). */
const roles: Messages['roles'] = {
  admin: 'Administrator',
  pruefer: 'Inspector',
  freigabe: 'Release (quality)',
  stammdaten: 'Master data',
  lesen: 'Read only',
  audit: 'Audit (read the audit log)',
};

const instrumentKinds: Record<InstrumentKind, string> = {
  insulation_tester: 'Insulation resistance tester',
  earth_bond_tester: 'Protective conductor tester',
  high_voltage_tester: 'High-voltage tester',
  multimeter: 'Multimeter',
  square: 'Test square',
  dial_gauge: 'Dial gauge',
  other: 'Other',
};

/** Day before month, as en-GB writes it, on the day in Germany (contracts formatDate). */
const day = (value: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(new Date(value));

const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

const fields: Messages['fields'] = {
  required: 'Required field',
  tooLong: (max: number) => `At most ${max} characters`,
  url: 'Please enter a valid address starting with http:// or https://',
  email: 'Please enter a valid e-mail address',
  ean: 'Invalid EAN: 8 or 13 digits with a valid check digit',
  serialPrefix: 'Only letters, digits and “-” are allowed',
  brandMissing: 'This brand does not exist',
  machineMissing: 'This machine does not exist',
  circuitBoard: 'Please choose Yes or NO',
  nameTaken: 'This article number already exists for this brand',
  brandNameTaken: 'This brand already exists',
  chooseOne: 'Please choose',
  enter: 'Please enter a value',
  invalid: 'Invalid value',
  uploadTooLarge: `The file is too large (at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB).`,
  uploadType: 'Only PNG, JPEG and GIF images are allowed.',
};

const outOfRange = (range: string) => `Outside the measuring range ${range}`;

/** Every message of messages.de.ts in plain British technical English, the staff app's terms. */
export const english: Messages = {
  badRequest: 'The request is invalid.',
  checkFields: 'Please check the marked fields.',
  checkResults: 'Please check the marked test values.',
  checkPlan: 'Please check the marked entries of the test plan.',
  unitNotInCertificate: (unit: number, quantity: number) =>
    `Unit ${unit}: the certificate has only ${plural(quantity, 'unit', 'units')}.`,
  serialsNotInCertificate: (serials: string[]) => `Not from this certificate: ${serials.join(', ')}`,
  instrumentNotFound: 'This test instrument does not exist.',
  inventoryTaken: 'This inventory number already exists.',
  intervalPositive: 'At least 1 month',
  dayInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dueBeforeCalibration: 'The due date is before the last calibration',
  calibrationDay: 'Please enter a valid date, not in the future',
  suspectSince:
    'Please state since when the test instrument has been suspect (at the latest on the day of calibration)',
  suspectOnlyOut: 'Only for “out of tolerance”',
  impactNotFound: 'This entry does not exist.',
  impactNote: 'Please give the reason why it has no effect',
  impactNotRevised: 'The certificate has not been revised since the finding. Please revise it first.',
  impactNotVoided: 'The certificate is not voided. Please void it first.',
  impactClosed: 'This entry is already closed.',
  instrumentMissing: 'Please state the test instrument that measured',
  instrumentUnknown: 'This test instrument does not exist',
  instrumentNotNeeded: 'This step needs no test instrument',
  instrumentUnfit: (inventory: string, reason: string) => `Test instrument ${inventory}: ${reason}`,
  instrumentOverdue: (due: string) => `Calibration overdue since ${day(due)}`,
  instrumentBlocked: 'blocked',
  instrumentRetired: 'retired',
  instrumentWrongKind: (kind: InstrumentKind) => `is not of the kind “${instrumentKinds[kind]}”`,
  calibrationNotFound: 'This calibration does not exist for this test instrument.',
  calibrationCertificateMissing: 'Please choose the calibration certificate as a PDF.',
  calibrationCertificateEmpty: 'The calibration certificate is empty.',
  calibrationCertificateTooLarge: `The calibration certificate is too large (at most ${CALIBRATION_CERTIFICATE_MAX_BYTES / 1024 / 1024} MB).`,
  calibrationCertificateNone: 'No calibration certificate has been uploaded for this calibration yet.',
  nothingToExportImpacts: 'No entry matches this filter: there is nothing to export.',
  planVersionNotFound: 'This version of the test plan does not exist.',
  planChanged:
    'Someone else has changed the test plan in the meantime. Please reload it and make your changes again.',
  samePerson: 'The release must be given by a second person, not by the one who tested.',
  nothingToRelease: 'There is nothing to release here: none of the units is awaiting release.',
  notFailed: 'A concession is only possible for failed units.',
  deviationReason: 'Please give the reason for the concession.',
  releaseVoided: 'The certificate is voided and cannot be released.',
  notRetestable: 'Only a failed unit that is not voided can be retested.',
  labelsRefused: (serials: string[]) =>
    `There are no labels for these units (failed, not released or voided): ${serials.join(', ')}`,
  invalidQuery: 'The query parameters are invalid.',
  invalidJson: 'The request does not contain valid JSON.',
  emptyBody: 'The request contains no data.',
  unsupportedMediaType: 'This data format is not supported here.',
  bodyTooLarge: 'The request is too large.',
  notFound: 'Not found.',
  routeNotFound: 'This address does not exist.',
  methodNotAllowed: 'This method is not allowed here.',
  unauthorized: 'Your session has expired, please sign in',
  loginFailed: 'The e-mail address or password is incorrect.',
  forbidden: (need: RoleNeed) =>
    need === 'read'
      ? 'Your account has no role. Please contact an administrator.'
      : `Your account lacks the role “${roles[ROLE_NEEDS[need][0]]}”. Please contact an administrator.`,
  passwordChangeRequired: 'Please change your password first.',
  twoFactorRequired: 'Please set up two-factor sign-in first.',
  secondFactorFailed: 'The code is wrong or has expired.',
  challengeExpired: 'The sign-in took too long. Please sign in again.',
  passwordTooShort: `At least ${PASSWORD_MIN} characters`,
  passwordCommon: 'This password is too common. Please choose another one.',
  passwordSame: 'The new password must differ from the current one.',
  passwordWrong: 'The password is wrong.',
  accountNotFound: 'Account not found.',
  emailTaken: 'An account with this e-mail address already exists.',
  lastAdministrator:
    'This is the last active administrator account. Please give the role to another account first.',
  ownAccountDisable: 'Your own account cannot be disabled.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already set up.',
  twoFactorNotStarted: 'Please start the setup again.',
  twoFactorStillRequired: 'Two-factor sign-in is required for all accounts.',
  twoFactorOff: 'Two-factor sign-in is not set up.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-ins. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
  tooManyRequests: 'Too many requests. Please wait a moment.',
  currentPasswordLocked: (minutes: number) =>
    `Wrong password too often. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
  ownAccountRoles: 'Your own roles can only be changed by another administrator account.',
  ownAccountPassword: 'You change your own password under “My account”, with your current password.',
  ownAccountTwoFactor: 'You change your own two-factor sign-in under “My account”.',
  twoFactorRequiredForAccount: 'Two-factor sign-in is required for this account.',
  jobKilledItsWorker: (tries: number) =>
    `Abandoned after ${plural(tries, 'attempt', 'attempts')}: the worker ended at every attempt of this job (stopped or crashed).`,
  jobNotFailed: 'This failed job does not exist (any more).',
  jobAlreadyWaiting: 'A newer job for the same thing is already waiting; this one need not run again.',
  schemaNewer: (newer: string, known: string) =>
    `This version of the program is older than its database (migration ${newer}, known up to ${known}) and ` +
    'no longer saves anything. Please update to the new version.',
  databaseUnavailable: 'The database cannot be reached at the moment. Please try again shortly.',
  webBaseRequired:
    'This server does not know its public address. Please set WEB_BASE (e.g. https://pruefbericht.example.com).',
  internal: 'An unexpected error has occurred. Please try again.',
  brandNotFound: 'Brand not found.',
  machineNotFound: 'Machine not found.',
  certificateNotFound: 'Certificate not found.',
  uploadNotFound: 'Image not found.',
  machineNameTaken: 'This article number already exists for this brand.',
  brandNameTaken: 'A brand with this name already exists.',
  machineNotOfBrand: 'This machine does not belong to the chosen brand.',
  idempotencyKeyReused:
    'This operation has already been sent with different data. Please reload the page and check the list.',
  reasonRequired: 'Please give a reason',
  certificateVoided: 'This certificate is voided and can no longer be changed.',
  staleVersion:
    'The certificate has been changed in the meantime. Please reload it and check your change again.',
  nothingChanged: 'Nothing was changed.',
  measuredByRetest: (recorded: string) =>
    `A measured value is corrected by retesting the unit, not by a revision (as tested: ${recorded || 'no value'}).`,
  voidedUnitRecorded: (recorded: string) =>
    `Voided units are not retested; as tested, it remains ${recorded}.`,
  notRevisable: 'Machine, brand and prefix are not revised: please void and issue anew.',
  unitUnknown: (serial: string) => `Unknown serial number: ${serial}.`,
  unitOfOtherCertificate: (serial: string) => `${serial} does not belong to this certificate.`,
  unitAlreadyVoided: (serial: string) => `${serial} is already voided.`,
  revisionNotFound: 'This revision does not exist.',
  unitNotFound: 'Serial number not found.',
  serialConflict: 'The serial numbers could not be assigned. Please try again.',
  uploadMissing: 'Please send a file in the field “file”.',
  uploadTooLarge: fields.uploadTooLarge,
  uploadType: fields.uploadType,
  uploadBroken: 'The image file is damaged or incomplete.',
  uploadTooManyPixels: `The image has too many pixels (at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels, e.g. 6000 × 4000).`,
  uploadOneFile: 'Please upload exactly one file.',
  uploadChoose: 'Please choose an uploaded image',
  multipartInvalid: 'The file could not be read. Please send it as multipart/form-data.',
  fieldRequired: 'Required field',
  fieldType: 'Invalid value',
  fieldNoTime: 'Not a valid date',
  timeRangeInverted: 'The end is before the start',
  fieldNul: 'Contains a forbidden control character (NUL)',
  fieldTooLong: (max: number) => `At most ${max} characters`,
  fieldRange: (min: number, max: number) => `Please enter a whole number from ${min} to ${max}`,
  fieldUnknownChoice: 'This value is not allowed',
  filterDayInvalid: 'Not a valid date',
  filterRangeInverted: 'The “to” date is before the “from” date.',
  filterBrandUnknown: 'This brand does not exist.',
  filterMachineUnknown: 'This machine does not exist.',
  checkFilter: 'Please check the filter.',
  nothingToExport: 'No certificate matches this filter: there is nothing to export.',
  nothingToExportAudit: 'No entry of the audit log matches this filter: there is nothing to export.',
  exportNotFound: 'This export does not exist (any more): a file is kept for one day. Please export again.',
  exportNotReady: 'The export is still being prepared. Please wait until it is ready.',
  exportFailed: 'The export failed. Please try again.',
  periodInverted: 'The “to” month is before the “from” month.',
  periodTooLong: (months: number) => `Please choose at most ${plural(months, 'month', 'months')} at a time.`,
  signInBusy: 'A great many people are signing in at the same time. Please try again in a few seconds.',
  uploadBusy: 'Many images are being checked at the same time. Please try again in a few seconds.',
  exportsBusy: 'Too many exports are running. Please try again in a minute.',
  exportsBusyForAccount: (running: number) =>
    `You already have ${plural(running, 'export', 'exports')} running. Please wait until one has finished.`,
  fieldControlCharacter: 'Please enter a single line without control characters (line break, tab).',
  fieldInvisible: 'Contains invisible characters or control characters for the writing direction',
  fieldBrokenText: 'Contains invalid characters (half of a Unicode surrogate pair)',
  malformedRequest: 'The request is malformed and could not be read.',
  documentFileMissing: 'Please choose a PDF file.',
  documentEmpty: 'The file is empty.',
  documentTooLarge: `The file is too large (at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB).`,
  documentNotPdf: 'The file is not a readable PDF (its content is checked, not the file name).',
  documentEncrypted:
    'Encrypted PDFs are not accepted: customers must be able to open them without a password.',
  documentJavascript: 'The PDF contains JavaScript and is not accepted.',
  documentLaunch: 'The PDF contains an action that starts a program and is not accepted.',
  documentEmbeddedFile: 'The PDF contains embedded files and is not accepted.',
  documentForm:
    'The PDF contains a form that sends or loads data (SubmitForm, ImportData or XFA) and is not accepted.',
  documentLink:
    'The PDF contains a link to another file or to an address other than http, https, mailto and tel and is not accepted.',
  documentMultimedia:
    'The PDF contains multimedia content (film, sound, 3D or RichMedia) and is not accepted.',
  documentCompression:
    'The PDF contains compressed objects that cannot be checked (damaged or unusually compressed). Please save the PDF again, e.g. with “Print to PDF”.',
  documentTooComplex: (reason: string) =>
    `The PDF is too complex to be checked (${reason}) and is not accepted. Please save the PDF again or make it smaller.`,
  documentTooComplexReasons: {
    inflated: `unpacks to more than ${PDF_CHECK_LIMITS.streamBytes / 1024 / 1024} MB in one object stream or ${PDF_CHECK_LIMITS.inflatedBytes / 1024 / 1024} MB in total`,
    values: `more than ${PDF_CHECK_LIMITS.values.toLocaleString('en-GB')} entries`,
    depth: `nested more than ${PDF_CHECK_LIMITS.depth} levels deep`,
    time: `longer than ${PDF_CHECK_LIMITS.seconds} seconds`,
    memory: `more than ${PDF_CHECK_LIMITS.heapMb} MB of memory`,
  },
  documentCheckBusy: 'Another PDF is being checked at the moment. Please try again in a few seconds.',
  documentKind: 'Please choose a document type.',
  documentLanguage: 'Please enter an ISO 639-1 language code (two lower-case letters, e.g. en).',
  documentValidFrom: 'Please enter a valid date (YYYY-MM-DD).',
  documentSameDay: 'A version of this type and language already applies from this day.',
  documentEarlier: (from: string) =>
    `A version already applies from ${from}. Please confirm explicitly a version that applies from an earlier day.`,
  unknownField: (name: string) => `Unknown field “${name}”.`,
  // For customers: in English and German whatever the request's language (messages.de.ts).
  documentNotFound: german.documentNotFound,
  certificatePdfPending: 'The certificate PDF is still being created. Please try again in a few seconds.',
  customerCopyPending: german.customerCopyPending,
  certificatePdfUnavailable: german.certificatePdfUnavailable,
  verifyMalformed: german.verifyMalformed,
  verifyUnknown: german.verifyUnknown,
  rangeNotSatisfiable: german.rangeNotSatisfiable,
  documentIntegrity: german.documentIntegrity,
  tooManyDownloads: german.tooManyDownloads,
  paperRequestNotFound: 'Request not found.',
  paperRequestSentOn: 'Please enter the day of dispatch (not in the future, not before the request).',
  paperRequestAlreadySent: 'This request has already been completed as sent.',
  paperRequestInvalid: german.paperRequestInvalid,
  paperRequestName: german.paperRequestName,
  paperRequestAddress: german.paperRequestAddress,
  paperRequestEmail: german.paperRequestEmail,
  paperRequestDocument: german.paperRequestDocument,
  gs1Malformed: german.gs1Malformed,
  gs1Unknown: german.gs1Unknown,
  gs1NoLink: german.gs1NoLink,
  companySignInOff: 'Sign-in with the company account is not set up here.',
  companySignInFailed: 'Sign-in with the company account failed or expired. Please try again.',
  companySignInDenied: 'Your company’s sign-in service cancelled or refused the sign-in.',
  providerUnavailable:
    'Your company’s sign-in service cannot be reached at the moment. Please try again later; administrators can sign in with e-mail and password.',
  noMappedRole:
    'No access to Prüfbericht. Please ask your IT department to add you to the appropriate group.',
  companyAccountNoEmail:
    'Your company account does not provide an e-mail address. Please contact your IT department.',
  companyAccountEmailTaken:
    'An account with a password already exists for this e-mail address, and the sign-in service does not confirm the address. Please contact an administrator.',
  companyAccountDisabled: 'This account is disabled. Please contact an administrator.',
  companyAccountOnly: 'Please sign in with the company account.',
  paperRequestMarkup: german.paperRequestMarkup,
  pdfUnitNotInCertificate: (serial: string) =>
    `The serial number ${serial} does not belong to this certificate.`,
  pdfUnitVoided: (serial: string) =>
    `The serial number ${serial} is voided: there is no customer copy for it.`,
  pdfUnitAwaitingRelease: (serial: string) =>
    `The serial number ${serial} has not been released yet: there is no customer copy for it yet.`,
  pdfFailed: 'The certificate could not be created as a PDF.',
  fields,
  results: {
    missing: 'Required test missing',
    notNumber: 'Not a number (e.g. 0.8)',
    decimals: (decimals: number) =>
      decimals === 0
        ? 'Whole numbers only'
        : `At most ${plural(decimals, 'decimal place', 'decimal places')}`,
    passFail: 'Please choose “passed” or “failed”',
    option: 'Please choose one of the given options',
    tooLong: `At most ${RESULT_VALUE_MAX} characters`,
    unknownStep: 'This test is not in the test plan',
    outOfLimit: (limit: string) => `Outside the limit ${limit}`,
    outOfRange,
  },
  planSteps: {
    titleMissing: 'Please enter the German title',
    keyTaken: 'Another step already has this key',
    keyReserved: 'This key is reserved, please choose another one',
    lowerAboveUpper: 'The lower limit is above the upper limit',
    unitMissing: 'Please enter the unit (e.g. MΩ)',
    optionsMissing: 'Please enter at least one option',
    optionTwice: 'This option is already in the list',
    passingMissing: 'Please state which options pass',
    passingUnknown: 'Only options from the list can pass',
    notFinite: 'Not a finite number',
    tooManyDigits: 'Too many digits: a limit has at most 15 significant digits',
    outOfRange,
  },
  roles,
};
