/**
 * Every API path, built in one place: the frontends' fetchers and the tests call these (as `apiPaths.x()`,
 * contracts/src/paths.ts) instead of writing a path again. One function each, so a bundle keeps only the paths it
 * calls. Paths are relative to the API base (`/api`).
 */
const id = (value: number | string) => encodeURIComponent(String(value));

export const login = () => '/login';
export const logout = () => '/logout';
export const brands = () => '/brands';
export const brandCreate = () => '/brand';
export const brand = (brandId: number) => `/brand/${id(brandId)}`;
export const machinesByBrand = (brandId: number) => `/machinesByBrand/${id(brandId)}`;
export const machines = () => '/machines';
export const machineCreate = () => '/machine';
export const machine = (machineId: number) => `/machine/${id(machineId)}`;
export const upload = () => '/upload';
export const certificateCreate = () => '/certificate';
export const certificates = () => '/certificates';
export const certificate = (certificateId: number) => `/certificates/${id(certificateId)}`;
export const landing = (machineId: number) => `/brandMachineById/${id(machineId)}`;
export const secondFactor = () => '/login/second-factor';
export const landingByGtin = (gtin: string) => `/brandMachineByGtin/${id(gtin)}`;
export const machineEvents = (machineId: number) => `/machine/${id(machineId)}/events`;
/** Exports of the list as files, made by the worker (docs/decisions/0037-exports-as-files.md): asked for here (POST). */
export const certificatesExports = () => '/certificates/exports';
/** One export: how far it is (GET), cancelled or removed (DELETE). */
export const certificatesExport = (exportId: number) => `/certificates/exports/${id(exportId)}`;
/** The file of an export that is ready, for the account that asked for it. */
export const certificatesExportFile = (exportId: number) => `/certificates/exports/${id(exportId)}/file`;
export const certificatesTotals = () => '/certificates/totals';
export const certificatePrinted = (certificateId: number) => `/certificates/${id(certificateId)}/printed`;
export const certificateRevisions = (certificateId: number) => `/certificates/${id(certificateId)}/revisions`;
export const certificateRevision = (certificateId: number, revision: number) =>
  `/certificates/${id(certificateId)}/revisions/${id(revision)}`;
export const certificateVoid = (certificateId: number) => `/certificates/${id(certificateId)}/void`;
export const certificateHistory = (certificateId: number) => `/certificates/${id(certificateId)}/history`;
export const certificateEvents = (certificateId: number) => `/certificates/${id(certificateId)}/events`;
export const unit = (serial: string) => `/units/${id(serial)}`;
export const unitEvents = (serial: string) => `/units/${id(serial)}/events`;
export const reportCheckers = () => '/reports/checkers';
export const reportTopMachines = () => '/reports/top-machines';
export const reportUnitsByBrand = () => '/reports/units-by-brand';
export const reportUnitsByChecker = () => '/reports/units-by-checker';
export const accounts = () => '/accounts';
export const accountPassword = (accountId: number) => `/accounts/${id(accountId)}/password`;
export const accountRoles = (accountId: number) => `/accounts/${id(accountId)}/roles`;
export const accountDisable = (accountId: number) => `/accounts/${id(accountId)}/disable`;
export const accountEnable = (accountId: number) => `/accounts/${id(accountId)}/enable`;
export const accountTwoFactorReset = (accountId: number) => `/accounts/${id(accountId)}/two-factor/reset`;
export const accountTwoFactorRequired = (accountId: number) =>
  `/accounts/${id(accountId)}/two-factor/required`;
export const accountUnlock = (accountId: number) => `/accounts/${id(accountId)}/unlock`;
export const settings = () => '/settings';
export const audit = () => '/audit';
export const auditExport = () => '/audit/export';
export const me = () => '/me';
export const mePassword = () => '/me/password';
export const meSignIns = () => '/me/sign-ins';
export const meSignOutEverywhere = () => '/me/sign-out-everywhere';
export const meLanguage = () => '/me/language';
export const meTwoFactorSetup = () => '/me/two-factor/setup';
export const meTwoFactorConfirm = () => '/me/two-factor/confirm';
export const meTwoFactorDisable = () => '/me/two-factor/disable';
// The test record (docs/decisions/0010-test-record.md).
export const machineTestPlan = (machineId: number) => `/machine/${id(machineId)}/test-plan`;
export const machineTestPlanCopy = (machineId: number) => `/machine/${id(machineId)}/test-plan/copy`;
export const machineTestPlanVersions = (machineId: number) => `/machine/${id(machineId)}/test-plan/versions`;
export const machineTestPlanDiff = (machineId: number, from: number, to: number) =>
  `/machine/${id(machineId)}/test-plan/diff?from=${from}&to=${to}`;
export const certificateRelease = (certificateId: number) => `/certificates/${id(certificateId)}/release`;
/** The units waiting for a second person's release, the longest waiting first (contracts/src/release-queue.ts). */
export const releaseQueue = () => '/release-queue';
export const unitAttempts = (serial: string) => `/units/${id(serial)}/attempts`;
/** A tester's file uploaded for a machine's certificate or retest (docs/tester-files.md). */
export const testerFiles = () => '/tester-files';
/** The units, values and verdicts a stored tester's file would give, before anything is stored. */
export const testerFilePreview = (fileId: number) => `/tester-files/${id(fileId)}/preview`;
/** Which column of a tester's file fills which step, per machine and tester model. */
export const importMappings = () => '/import-mappings';
/** The mappings saved for a machine (the quality role's list). */
export const machineImportMappings = (machineId: number) => `/import-mappings?machine_id=${id(machineId)}`;
/** One saved mapping, removed by the quality role. */
export const importMapping = (mappingId: number) => `/import-mappings/${id(mappingId)}`;
/** A vendor's measurement ids and the steps they fill by default (GET; PUT by the quality role). */
export const measurementIds = (vendor: string) => `/tester-measurement-ids/${id(vendor)}`;
/** The failure reasons a retest names (GET, POST), and one of them (PUT, DELETE). */
export const failureReasons = () => '/failure-reasons';
export const failureReason = (reasonId: number) => `/failure-reasons/${id(reasonId)}`;
export const reportFirstPassYield = () => '/reports/first-pass-yield';
export const reportStepTrend = () => '/reports/step-trend';
export const reportFailureReasons = () => '/reports/failure-reasons';
export const machineDocuments = (machineId: number) => `/machine/${id(machineId)}/documents`;
export const documentFile = (documentId: number, fileName: string) =>
  `/documents/${id(documentId)}/${id(fileName)}`;
export const paperRequests = () => '/paper-requests';
/** An owner registers a released unit from its customer page (public). */
export const unitRegistration = (serial: string) => `/public/units/${id(serial)}/registration`;
/** The link of the confirmation mail, followed (public). */
export const registrationConfirm = () => '/public/registrations/confirm';
/** A mail's unsubscribe link (public): RFC 8058's one-click POST, or the owner's button on the unit's page. */
export const unsubscribe = () => '/public/unsubscribe';
/** The registrations with the owners' data (quality and administrators), and one of them, deleted on request. */
export const registrations = () => '/registrations';
export const registration = (registrationId: number) => `/registrations/${id(registrationId)}`;
/** A customer's service request for an issued unit (public, multipart with up to three photos). */
export const unitServiceRequests = (serial: string) => `/public/units/${id(serial)}/service-requests`;
/** The service requests' inbox (quality and administrators): the list, one request, deleted on request. */
export const serviceRequests = () => '/service-requests';
export const serviceRequest = (requestId: number) => `/service-requests/${id(requestId)}`;
export const serviceRequestStatus = (requestId: number) => `/service-requests/${id(requestId)}/status`;
export const serviceRequestNotes = (requestId: number) => `/service-requests/${id(requestId)}/notes`;
/** A request's photo, 1 to 3, for signed-in staff only (never public, unlike catalogue images). */
export const serviceRequestPhoto = (requestId: number, photo: number) =>
  `/service-requests/${id(requestId)}/photos/${id(photo)}`;
export const paperRequestSent = (requestId: number) => `/paper-requests/${id(requestId)}/sent`;
// Test instruments (docs/decisions/0018-instruments.md).
export const instruments = () => '/instruments';
export const instrument = (instrumentId: number) => `/instruments/${id(instrumentId)}`;
export const instrumentCalibrations = (instrumentId: number) =>
  `/instruments/${id(instrumentId)}/calibrations`;
/** A calibration's certificate PDF: uploaded (POST, multipart `file`) and read (GET) at the same address. */
export const instrumentCalibrationCertificate = (instrumentId: number, calibrationId: number) =>
  `/instruments/${id(instrumentId)}/calibrations/${id(calibrationId)}/certificate`;
export const instrumentImpacts = () => '/instrument-impacts';
export const instrumentImpactsExport = () => '/instrument-impacts/export';
export const instrumentImpactClose = (impactId: number) => `/instrument-impacts/${id(impactId)}/close`;
/** The latest sealed PDF of the whole certificate (docs/decisions/0020-sealed-certificate.md). */
export const certificateDocument = (certificateId: number) => `/certificates/${id(certificateId)}/document`;
/** Every sealed document of a certificate, and one by its number (earlier revisions print from these). */
export const certificateDocuments = (certificateId: number) => `/certificates/${id(certificateId)}/documents`;
export const certificateDocumentBySeq = (certificateId: number, seq: number) =>
  `/certificates/${id(certificateId)}/documents/${id(seq)}`;
/** A unit's sealed customer copy, public; only for a released unit of a certificate that is not voided. */
export const unitCertificate = (serial: string) => `/public/units/${id(serial)}/certificate`;
/** Whether a PDF with this SHA-256 was sealed here, and whether it is still current. */
export const verifyDocument = (sha256: string) => `/public/verify/${id(sha256)}`;
/** Sign-in with the company account (contracts/src/company-sign-in.ts). */
export const jobs = () => '/jobs';
export const jobRetry = (jobId: number) => `/jobs/${id(jobId)}/retry`;
export const companySignInStart = () => '/oidc/start';
export const companySignInSession = () => '/oidc/session';
export const companySignOut = () => '/oidc/logout';
// Safety notices and recalls (docs/decisions/0045-safety-notices.md).
export const notices = () => '/notices';
export const notice = (noticeId: number) => `/notices/${id(noticeId)}`;
export const noticeClose = (noticeId: number) => `/notices/${id(noticeId)}/close`;
export const noticeAffected = (noticeId: number) => `/notices/${id(noticeId)}/affected`;
export const noticeAffectedExport = (noticeId: number) => `/notices/${id(noticeId)}/affected/export`;
