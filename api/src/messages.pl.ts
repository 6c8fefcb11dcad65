import {
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  PASSWORD_MIN,
  PDF_CHECK_LIMITS,
  RESULT_VALUE_MAX,
  ROLE_NEEDS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  formatDate,
  type InstrumentKind,
  type RoleNeed,
} from 'contracts';
import type { Messages } from './messages';
import { german } from './messages.de';

/** The staff app's Polish (shell/src/app/locales/pl.json). */
const roles: Messages['roles'] = {
  admin: 'Administrator',
  pruefer: 'Kontroler',
  freigabe: 'Zwolnienie (jakość)',
  stammdaten: 'Dane podstawowe',
  lesen: 'Tylko odczyt',
  audit: 'Audyt (odczyt dziennika zdarzeń)',
};

/** As mfe-certificates/src/locales/pl.json names them. */
const instrumentKinds: Record<InstrumentKind, string> = {
  insulation_tester: 'Miernik rezystancji izolacji',
  earth_bond_tester: 'Miernik ciągłości przewodu ochronnego',
  high_voltage_tester: 'Przyrząd do prób napięciowych',
  multimeter: 'Multimetr',
  square: 'Kątownik pomiarowy',
  dial_gauge: 'Czujnik zegarowy',
  other: 'Inne',
};

const pluralRules = new Intl.PluralRules('pl-PL');

/** The noun after a count: 1 minutę, 2–4 minuty, 5+ minut (and 22 minuty, 25 minut). */
function form(count: number, one: string, few: string, many: string): string {
  const rule = pluralRules.select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
const plural = (count: number, one: string, few: string, many: string) =>
  `${count} ${form(count, one, few, many)}`;

const fields: Messages['fields'] = {
  required: 'Pole obowiązkowe',
  tooLong: (max: number) => `Najwyżej ${plural(max, 'znak', 'znaki', 'znaków')}`,
  url: 'Wpisz prawidłowy adres zaczynający się od http:// lub https://',
  email: 'Wpisz prawidłowy adres e-mail',
  ean: 'Nieprawidłowy EAN: 8 lub 13 cyfr z prawidłową cyfrą kontrolną',
  serialPrefix: 'Dozwolone są tylko litery, cyfry i „-”',
  brandMissing: 'Taka marka nie istnieje',
  machineMissing: 'Taka maszyna nie istnieje',
  circuitBoard: 'Wybierz Tak lub NIE',
  nameTaken: 'Ten numer katalogowy już istnieje dla tej marki',
  brandNameTaken: 'Taka marka już istnieje',
  chooseOne: 'Wybierz',
  enter: 'Wpisz wartość',
  invalid: 'Nieprawidłowa wartość',
  uploadTooLarge: `Plik jest za duży (maks. ${UPLOAD_MAX_BYTES / 1024 / 1024} MB).`,
  uploadType: 'Dozwolone są tylko obrazy PNG, JPEG i GIF.',
};

const outOfRange = (range: string) => `Poza zakresem pomiarowym ${range}`;

/** Every message of messages.de.ts in Polish, with the staff app's terms (protokół badania, egzemplarz, …). */
export const polish: Messages = {
  badRequest: 'Żądanie jest nieprawidłowe.',
  checkFields: 'Sprawdź zaznaczone pola.',
  checkResults: 'Sprawdź zaznaczone wartości badań.',
  checkPlan: 'Sprawdź zaznaczone dane planu badań.',
  unitNotInCertificate: (unit: number, quantity: number) =>
    `Egzemplarz ${unit}: protokół badania obejmuje tylko ${plural(quantity, 'egzemplarz', 'egzemplarze', 'egzemplarzy')}.`,
  serialsNotInCertificate: (serials: string[]) => `Nie z tego protokołu badania: ${serials.join(', ')}`,
  instrumentNotFound: 'Taki przyrząd pomiarowy nie istnieje.',
  inventoryTaken: 'Ten numer inwentarzowy już istnieje.',
  intervalPositive: 'Co najmniej 1 miesiąc',
  dayInvalid: 'Podaj prawidłową datę (RRRR-MM-DD)',
  dueBeforeCalibration: 'Termin następnego wzorcowania jest wcześniejszy niż ostatnie wzorcowanie',
  calibrationDay: 'Podaj prawidłową datę, nie z przyszłości',
  suspectSince: 'Podaj, od kiedy przyrząd pomiarowy jest wątpliwy (najpóźniej od dnia wzorcowania)',
  suspectOnlyOut: 'Tylko przy wyniku „poza tolerancją”',
  impactNotFound: 'Taka pozycja nie istnieje.',
  impactNote: 'Uzasadnij, dlaczego nie ma wpływu',
  impactNotRevised: 'Protokół badania nie został skorygowany od czasu tego ustalenia. Najpierw go skoryguj.',
  impactNotVoided: 'Protokół badania nie jest unieważniony. Najpierw go unieważnij.',
  impactClosed: 'Ta pozycja jest już zamknięta.',
  instrumentMissing: 'Podaj przyrząd pomiarowy, którym wykonano pomiar',
  instrumentUnknown: 'Taki przyrząd pomiarowy nie istnieje',
  instrumentNotNeeded: 'Ten krok nie wymaga przyrządu pomiarowego',
  instrumentUnfit: (inventory: string, reason: string) => `Przyrząd pomiarowy ${inventory}: ${reason}`,
  instrumentOverdue: (due: string) => `Termin wzorcowania minął ${formatDate(due)}`,
  instrumentBlocked: 'zablokowany',
  instrumentRetired: 'wycofany z użytku',
  instrumentWrongKind: (kind: InstrumentKind) => `to nie jest przyrząd rodzaju „${instrumentKinds[kind]}”`,
  calibrationNotFound: 'Takie wzorcowanie tego przyrządu pomiarowego nie istnieje.',
  calibrationCertificateMissing: 'Wybierz świadectwo wzorcowania w formacie PDF.',
  calibrationCertificateEmpty: 'Świadectwo wzorcowania jest puste.',
  calibrationCertificateTooLarge: `Świadectwo wzorcowania jest za duże (maks. ${CALIBRATION_CERTIFICATE_MAX_BYTES / 1024 / 1024} MB).`,
  calibrationCertificateNone: 'Do tego wzorcowania nie przesłano jeszcze świadectwa wzorcowania.',
  nothingToExportImpacts: 'Żadna pozycja nie pasuje do tego filtra: nie ma czego eksportować.',
  planVersionNotFound: 'Taka wersja planu badań nie istnieje.',
  planChanged:
    'W międzyczasie ktoś inny zmienił plan badań. Wczytaj go ponownie i wprowadź swoje zmiany jeszcze raz.',
  samePerson: 'Zwolnienia musi udzielić druga osoba, a nie sprawdzający.',
  nothingToRelease: 'Nie ma tu nic do zwolnienia: żaden z egzemplarzy nie czeka na zwolnienie.',
  notFailed: 'Zwolnienie warunkowe jest możliwe tylko dla egzemplarzy z wynikiem negatywnym.',
  deviationReason: 'Podaj uzasadnienie zwolnienia warunkowego.',
  releaseVoided: 'Protokół badania jest unieważniony i nie można go zwolnić.',
  notRetestable:
    'Badaniu powtórnemu można poddać tylko egzemplarz z wynikiem negatywnym, który nie jest unieważniony.',
  labelsRefused: (serials: string[]) =>
    `Dla tych egzemplarzy nie ma etykiet (wynik negatywny, niezwolnione lub unieważnione): ${serials.join(', ')}`,
  invalidQuery: 'Parametry zapytania są nieprawidłowe.',
  invalidJson: 'Żądanie nie zawiera prawidłowych danych JSON.',
  emptyBody: 'Żądanie nie zawiera danych.',
  unsupportedMediaType: 'Ten format danych nie jest tu obsługiwany.',
  bodyTooLarge: 'Żądanie jest za duże.',
  notFound: 'Nie znaleziono.',
  routeNotFound: 'Taki adres nie istnieje.',
  methodNotAllowed: 'Ta metoda nie jest tu dozwolona.',
  unauthorized: 'Sesja wygasła, zaloguj się ponownie',
  loginFailed: 'Nieprawidłowy adres e-mail lub hasło.',
  forbidden: (need: RoleNeed) =>
    need === 'read'
      ? 'Twoje konto nie ma przypisanej żadnej roli. Zwróć się do administratora.'
      : `Twoje konto nie ma roli „${roles[ROLE_NEEDS[need][0]]}”. Zwróć się do administratora.`,
  passwordChangeRequired: 'Najpierw zmień hasło.',
  twoFactorRequired: 'Najpierw skonfiguruj logowanie dwuskładnikowe.',
  secondFactorFailed: 'Kod jest nieprawidłowy lub wygasł.',
  challengeExpired: 'Logowanie trwało zbyt długo. Zaloguj się ponownie.',
  passwordTooShort: `Co najmniej ${plural(PASSWORD_MIN, 'znak', 'znaki', 'znaków')}`,
  passwordCommon: 'To hasło jest zbyt popularne. Wybierz inne.',
  passwordSame: 'Nowe hasło musi się różnić od dotychczasowego.',
  passwordWrong: 'Hasło jest nieprawidłowe.',
  accountNotFound: 'Nie znaleziono konta.',
  emailTaken: 'Konto z tym adresem e-mail już istnieje.',
  lastAdministrator: 'To jest ostatnie aktywne konto administratora. Najpierw nadaj tę rolę innemu kontu.',
  ownAccountDisable: 'Nie można zablokować własnego konta.',
  twoFactorAlreadyOn: 'Logowanie dwuskładnikowe jest już skonfigurowane.',
  twoFactorNotStarted: 'Rozpocznij konfigurację od nowa.',
  twoFactorStillRequired: 'Logowanie dwuskładnikowe jest wymagane dla wszystkich kont.',
  twoFactorOff: 'Logowanie dwuskładnikowe nie jest skonfigurowane.',
  accountLocked: (minutes: number) =>
    `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${plural(minutes, 'minutę', 'minuty', 'minut')}.`,
  tooManyRequests: 'Zbyt wiele żądań. Zaczekaj chwilę.',
  currentPasswordLocked: (minutes: number) =>
    `Zbyt wiele razy podano nieprawidłowe hasło. Spróbuj ponownie za ${plural(minutes, 'minutę', 'minuty', 'minut')}.`,
  ownAccountRoles: 'Własne role może zmienić tylko inne konto administratora.',
  ownAccountPassword: 'Własne hasło zmienisz w sekcji „Moje konto”, podając aktualne hasło.',
  ownAccountTwoFactor: 'Własne logowanie dwuskładnikowe zmienisz w sekcji „Moje konto”.',
  twoFactorRequiredForAccount: 'Logowanie dwuskładnikowe jest wymagane dla tego konta.',
  jobKilledItsWorker: (tries: number) =>
    `Przerwano po ${plural(tries, 'próbie', 'próbach', 'próbach')}: proces roboczy (worker) kończył działanie przy każdej próbie tego zadania (zatrzymany lub awaria).`,
  jobNotFailed: 'Takie nieudane zadanie nie istnieje (lub już nie istnieje).',
  jobAlreadyWaiting: 'Na tę samą rzecz czeka już nowsze zadanie; tego nie trzeba uruchamiać ponownie.',
  schemaNewer: (newer: string, known: string) =>
    `Ta wersja programu jest starsza niż jej baza danych (migracja ${newer}, znana do ${known}) i ` +
    'niczego już nie zapisuje. Zaktualizuj program do nowej wersji.',
  databaseUnavailable: 'Baza danych jest chwilowo niedostępna. Spróbuj ponownie za moment.',
  webBaseRequired:
    'Ten serwer nie zna swojego adresu publicznego. Ustaw WEB_BASE (np. https://pruefbericht.example.com).',
  internal: 'Wystąpił nieoczekiwany błąd. Spróbuj ponownie.',
  brandNotFound: 'Nie znaleziono marki.',
  machineNotFound: 'Nie znaleziono maszyny.',
  certificateNotFound: 'Nie znaleziono protokołu badania.',
  uploadNotFound: 'Nie znaleziono obrazu.',
  machineNameTaken: 'Ten numer katalogowy już istnieje dla tej marki.',
  brandNameTaken: 'Marka o tej nazwie już istnieje.',
  machineNotOfBrand: 'Ta maszyna nie należy do wybranej marki.',
  idempotencyKeyReused: 'Tę operację wysłano już z innymi danymi. Odśwież stronę i sprawdź listę.',
  reasonRequired: 'Podaj powód',
  certificateVoided: 'Ten protokół badania jest unieważniony i nie można go już zmieniać.',
  staleVersion:
    'W międzyczasie protokół badania został zmieniony. Wczytaj go ponownie i jeszcze raz sprawdź swoją zmianę.',
  nothingChanged: 'Niczego nie zmieniono.',
  measuredByRetest: (recorded: string) =>
    `Wartość zmierzoną koryguje się badaniem powtórnym egzemplarza, a nie korektą (według badania: ${recorded || 'brak wartości'}).`,
  voidedUnitRecorded: (recorded: string) =>
    `Unieważnionych egzemplarzy nie poddaje się badaniu powtórnemu; według badania pozostaje ${recorded}.`,
  notRevisable: 'Maszyny, marki i prefiksu nie koryguje się: unieważnij protokół i wystaw nowy.',
  unitUnknown: (serial: string) => `Nieznany numer seryjny: ${serial}.`,
  unitOfOtherCertificate: (serial: string) => `${serial} nie należy do tego protokołu badania.`,
  unitAlreadyVoided: (serial: string) => `${serial} jest już unieważniony.`,
  revisionNotFound: 'Taka rewizja nie istnieje.',
  unitNotFound: 'Nie znaleziono numeru seryjnego.',
  serialConflict: 'Nie udało się nadać numerów seryjnych. Spróbuj ponownie.',
  uploadMissing: 'Wyślij plik w polu „file”.',
  uploadTooLarge: fields.uploadTooLarge,
  uploadType: fields.uploadType,
  uploadBroken: 'Plik obrazu jest uszkodzony lub niekompletny.',
  uploadTooManyPixels: `Obraz ma za dużo pikseli (maks. ${plural(UPLOAD_MAX_PIXELS / 1_000_000, 'megapiksel', 'megapiksele', 'megapikseli')}, np. 6000 × 4000).`,
  uploadOneFile: 'Prześlij dokładnie jeden plik.',
  uploadChoose: 'Wybierz przesłany obraz',
  multipartInvalid: 'Nie udało się odczytać pliku. Wyślij go jako multipart/form-data.',
  fieldRequired: 'Pole obowiązkowe',
  fieldType: 'Nieprawidłowa wartość',
  fieldNoTime: 'Nieprawidłowa data',
  timeRangeInverted: 'Koniec jest wcześniejszy niż początek',
  fieldNul: 'Zawiera niedozwolony znak sterujący (NUL)',
  fieldTooLong: fields.tooLong,
  fieldRange: (min: number, max: number) => `Wpisz liczbę całkowitą od ${min} do ${max}`,
  fieldUnknownChoice: 'Ta wartość jest niedozwolona',
  filterDayInvalid: 'Nieprawidłowa data',
  filterRangeInverted: 'Data końcowa jest wcześniejsza niż data początkowa.',
  filterBrandUnknown: 'Taka marka nie istnieje.',
  filterMachineUnknown: 'Taka maszyna nie istnieje.',
  checkFilter: 'Sprawdź filtr.',
  nothingToExport: 'Żaden protokół badania nie pasuje do tego filtra: nie ma czego eksportować.',
  nothingToExportAudit: 'Żaden wpis dziennika zdarzeń nie pasuje do tego filtra: nie ma czego eksportować.',
  exportNotFound:
    'Ten eksport nie istnieje lub został już usunięty: plik jest przechowywany przez jeden dzień. Wyeksportuj dane ponownie.',
  exportNotReady: 'Eksport jest jeszcze przygotowywany. Zaczekaj, aż będzie gotowy.',
  exportFailed: 'Eksport nie powiódł się. Spróbuj ponownie.',
  periodInverted: 'Miesiąc końcowy jest wcześniejszy niż miesiąc początkowy.',
  periodTooLong: (months: number) =>
    `Wybierz najwyżej ${plural(months, 'miesiąc', 'miesiące', 'miesięcy')} naraz.`,
  signInBusy: 'W tej chwili loguje się jednocześnie bardzo wiele osób. Spróbuj ponownie za kilka sekund.',
  uploadBusy: 'W tej chwili sprawdzanych jest jednocześnie wiele obrazów. Spróbuj ponownie za kilka sekund.',
  exportsBusy: 'Trwa zbyt wiele eksportów. Spróbuj ponownie za minutę.',
  exportsBusyForAccount: (running: number) =>
    `Masz już ${plural(running, 'trwający eksport', 'trwające eksporty', 'trwających eksportów')}. Zaczekaj, aż jeden się zakończy.`,
  fieldControlCharacter: 'Wpisz tylko jeden wiersz bez znaków sterujących (podział wiersza, tabulator).',
  fieldInvisible: 'Zawiera niewidoczne znaki lub znaki sterujące kierunkiem pisma',
  fieldBrokenText: 'Zawiera nieprawidłowe znaki (połowę pary zastępczej Unicode)',
  malformedRequest: 'Żądanie jest błędne i nie można go odczytać.',
  documentFileMissing: 'Wybierz plik PDF.',
  documentEmpty: 'Plik jest pusty.',
  documentTooLarge: `Plik jest za duży (maks. ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB).`,
  documentNotPdf: 'Plik nie jest czytelnym plikiem PDF (sprawdzana jest zawartość, a nie nazwa pliku).',
  documentEncrypted: 'Zaszyfrowane pliki PDF nie są przyjmowane: klienci muszą móc je otworzyć bez hasła.',
  documentJavascript: 'Plik PDF zawiera JavaScript i nie zostanie przyjęty.',
  documentLaunch: 'Plik PDF zawiera akcję uruchamiającą program i nie zostanie przyjęty.',
  documentEmbeddedFile: 'Plik PDF zawiera osadzone pliki i nie zostanie przyjęty.',
  documentForm:
    'Plik PDF zawiera formularz, który wysyła lub wczytuje dane (SubmitForm, ImportData lub XFA), i nie zostanie przyjęty.',
  documentLink:
    'Plik PDF zawiera odnośnik do innego pliku lub do adresu innego niż http, https, mailto i tel i nie zostanie przyjęty.',
  documentMultimedia:
    'Plik PDF zawiera treści multimedialne (film, dźwięk, 3D lub RichMedia) i nie zostanie przyjęty.',
  documentCompression:
    'Plik PDF zawiera skompresowane obiekty, których nie można sprawdzić (uszkodzone lub nietypowo skompresowane). Zapisz plik PDF ponownie, np. funkcją „Drukuj do PDF”.',
  documentTooComplex: (reason: string) =>
    `Plik PDF jest zbyt złożony, aby go sprawdzić (${reason}), i nie zostanie przyjęty. Zapisz plik PDF ponownie lub zmniejsz go.`,
  documentTooComplexReasons: {
    inflated: `po rozpakowaniu ponad ${PDF_CHECK_LIMITS.streamBytes / 1024 / 1024} MB w jednym strumieniu obiektów lub ${PDF_CHECK_LIMITS.inflatedBytes / 1024 / 1024} MB łącznie`,
    values: `ponad ${PDF_CHECK_LIMITS.values.toLocaleString('pl-PL')} ${form(PDF_CHECK_LIMITS.values, 'wpis', 'wpisy', 'wpisów')}`,
    depth: `zagnieżdżenie ponad ${plural(PDF_CHECK_LIMITS.depth, 'poziom', 'poziomy', 'poziomów')}`,
    time: `dłużej niż ${plural(PDF_CHECK_LIMITS.seconds, 'sekunda', 'sekundy', 'sekund')}`,
    memory: `ponad ${PDF_CHECK_LIMITS.heapMb} MB pamięci`,
  },
  documentCheckBusy: 'W tej chwili sprawdzany jest inny plik PDF. Spróbuj ponownie za kilka sekund.',
  documentKind: 'Wybierz rodzaj dokumentu.',
  documentLanguage: 'Podaj kod języka według ISO 639-1 (dwie małe litery, np. pl).',
  documentValidFrom: 'Podaj prawidłową datę (RRRR-MM-DD).',
  documentSameDay: 'Od tego dnia obowiązuje już wersja tego rodzaju w tym języku.',
  documentEarlier: (from: string) =>
    `Obowiązuje już wersja od ${from}. Wersję obowiązującą od wcześniejszego dnia potwierdź wyraźnie.`,
  unknownField: (name: string) => `Nieznane pole „${name}”.`,
  // For customers: in English and German whatever the request's language (messages.de.ts).
  documentNotFound: german.documentNotFound,
  certificatePdfPending:
    'Plik PDF protokołu badania jest jeszcze tworzony. Spróbuj ponownie za kilka sekund.',
  customerCopyPending: german.customerCopyPending,
  certificatePdfUnavailable: german.certificatePdfUnavailable,
  verifyMalformed: german.verifyMalformed,
  verifyUnknown: german.verifyUnknown,
  rangeNotSatisfiable: german.rangeNotSatisfiable,
  documentIntegrity: german.documentIntegrity,
  tooManyDownloads: german.tooManyDownloads,
  paperRequestNotFound: 'Nie znaleziono zamówienia.',
  paperRequestSentOn: 'Podaj dzień wysyłki (nie z przyszłości, nie wcześniejszy niż zamówienie).',
  paperRequestAlreadySent: 'To zamówienie zostało już załatwione jako wysłane.',
  paperRequestInvalid: german.paperRequestInvalid,
  paperRequestName: german.paperRequestName,
  paperRequestAddress: german.paperRequestAddress,
  paperRequestEmail: german.paperRequestEmail,
  paperRequestDocument: german.paperRequestDocument,
  gs1Malformed: german.gs1Malformed,
  gs1Unknown: german.gs1Unknown,
  gs1NoLink: german.gs1NoLink,
  companySignInOff: 'Logowanie kontem firmowym nie jest tu skonfigurowane.',
  companySignInFailed: 'Logowanie kontem firmowym nie powiodło się lub wygasło. Spróbuj ponownie.',
  companySignInDenied: 'Usługa logowania Twojej firmy przerwała lub odrzuciła logowanie.',
  providerUnavailable:
    'Usługa logowania Twojej firmy jest chwilowo niedostępna. Spróbuj ponownie później; administratorzy mogą zalogować się e-mailem i hasłem.',
  noMappedRole:
    'Brak uprawnień do aplikacji Prüfbericht. Poproś dział IT o dodanie Cię do odpowiedniej grupy.',
  companyAccountNoEmail: 'Twoje konto firmowe nie przekazuje adresu e-mail. Zwróć się do działu IT.',
  companyAccountEmailTaken:
    'Dla tego adresu e-mail istnieje już konto z hasłem, a usługa logowania nie potwierdza tego adresu. Zwróć się do administratora.',
  companyAccountDisabled: 'To konto jest zablokowane. Zwróć się do administratora.',
  companyAccountOnly: 'Zaloguj się kontem firmowym.',
  paperRequestMarkup: german.paperRequestMarkup,
  pdfUnitNotInCertificate: (serial: string) =>
    `Numer seryjny ${serial} nie należy do tego protokołu badania.`,
  pdfUnitVoided: (serial: string) =>
    `Numer seryjny ${serial} jest unieważniony: nie ma dla niego kopii dla klienta.`,
  pdfUnitAwaitingRelease: (serial: string) =>
    `Numer seryjny ${serial} nie został jeszcze zwolniony: nie ma jeszcze dla niego kopii dla klienta.`,
  pdfFailed: 'Nie udało się utworzyć pliku PDF protokołu badania.',
  fields,
  results: {
    missing: 'Brak obowiązkowego badania',
    notNumber: 'To nie jest liczba (np. 0,8)',
    decimals: (decimals: number) =>
      decimals === 0
        ? 'Tylko liczby całkowite'
        : `Najwyżej ${plural(decimals, 'miejsce', 'miejsca', 'miejsc')} po przecinku`,
    passFail: 'Wybierz „Pozytywny” lub „Negatywny”',
    option: 'Wybierz jedną z podanych opcji',
    tooLong: `Najwyżej ${plural(RESULT_VALUE_MAX, 'znak', 'znaki', 'znaków')}`,
    unknownStep: 'Tego badania nie ma w planie badań',
    outOfLimit: (limit: string) => `Poza wartością graniczną ${limit}`,
    outOfRange,
  },
  planSteps: {
    titleMissing: 'Podaj nazwę w języku niemieckim',
    keyTaken: 'Ten klucz ma już inny krok',
    keyReserved: 'Ten klucz jest zarezerwowany, wybierz inny',
    lowerAboveUpper: 'Dolna granica jest wyższa niż górna',
    unitMissing: 'Podaj jednostkę (np. MΩ)',
    optionsMissing: 'Podaj co najmniej jedną opcję',
    optionTwice: 'Ta opcja jest już na liście',
    passingMissing: 'Wskaż opcje dające wynik pozytywny',
    passingUnknown: 'Wynik pozytywny mogą dawać tylko opcje z listy',
    notFinite: 'To nie jest liczba skończona',
    tooManyDigits: 'Za dużo cyfr: wartość graniczna ma najwyżej 15 cyfr znaczących',
    outOfRange,
  },
  roles,
};
