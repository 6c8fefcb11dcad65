// The words of contracts' checks (field rules, test values, plan steps) and the names of roles and instrument
// kinds, in Polish for messages.pl.ts.
import { RESULT_VALUE_MAX, UPLOAD_MAX_BYTES, type InstrumentKind } from 'contracts';
import type { Messages } from './messages';

/** The staff app's Polish (shell/src/app/locales/pl.json). */
export const roles: Messages['roles'] = {
  admin: 'Administrator',
  pruefer: 'Sprawdzający',
  freigabe: 'Zwolnienie (jakość)',
  stammdaten: 'Dane podstawowe',
  lesen: 'Tylko odczyt',
  audit: 'Audyt (odczyt dziennika zdarzeń)',
};

/** As mfe-certificates/src/locales/pl.json names them. */
export const instrumentKinds: Record<InstrumentKind, string> = {
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
export function form(count: number, one: string, few: string, many: string): string {
  const rule = pluralRules.select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
export const plural = (count: number, one: string, few: string, many: string) =>
  `${count} ${form(count, one, few, many)}`;

export const fields: Messages['fields'] = {
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

export const results: Messages['results'] = {
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
  implausible: (range: string) => `Wartość nieprawdopodobna – możliwe: ${range}`,
};

export const planSteps: Messages['planSteps'] = {
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
  plausibleOrder: 'Najmniejsza wartość prawdopodobna jest większa niż największa',
};
