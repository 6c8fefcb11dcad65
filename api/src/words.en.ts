// The words of contracts' checks (field rules, test values, plan steps) and the names of roles and instrument
// kinds, in English for messages.en.ts.
import { RESULT_VALUE_MAX, UPLOAD_MAX_BYTES, type InstrumentKind } from 'contracts';
import type { Messages } from './messages';

/** The staff app's English (shell/src/app/locales/en.json). */
export const roles: Messages['roles'] = {
  admin: 'Administrator',
  pruefer: 'Checker',
  freigabe: 'Release (quality)',
  stammdaten: 'Master data',
  lesen: 'Read only',
  audit: 'Audit (read the audit log)',
};

export const instrumentKinds: Record<InstrumentKind, string> = {
  insulation_tester: 'Insulation resistance tester',
  earth_bond_tester: 'Protective conductor tester',
  high_voltage_tester: 'High-voltage tester',
  multimeter: 'Multimeter',
  square: 'Test square',
  dial_gauge: 'Dial gauge',
  other: 'Other',
};

export const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

export const fields: Messages['fields'] = {
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

export const results: Messages['results'] = {
  missing: 'Required test missing',
  notNumber: 'Not a number (e.g. 0.8)',
  decimals: (decimals: number) =>
    decimals === 0 ? 'Whole numbers only' : `At most ${plural(decimals, 'decimal place', 'decimal places')}`,
  passFail: 'Please choose “passed” or “failed”',
  option: 'Please choose one of the given options',
  tooLong: `At most ${RESULT_VALUE_MAX} characters`,
  unknownStep: 'This test is not in the test plan',
  outOfLimit: (limit: string) => `Outside the limit ${limit}`,
  outOfRange,
  implausible: (range: string) => `Implausible value – possible: ${range}`,
};

export const planSteps: Messages['planSteps'] = {
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
  plausibleOrder: 'The smallest plausible value is above the largest',
};
