/** Field rules the API enforces and the browser mirrors, so both give the same German message. */

export const SERIAL_PREFIX_PATTERN = /^[A-Za-z0-9-]+$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isHttpUrl(value: string): boolean {
  // `new URL` would quietly encode a space; a link with one is a typo, and the customer page would not show it.
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The GS1 check digit for the digits before it (7 for EAN-8, 12 for EAN-13). */
export function eanCheckDigit(body: string): number {
  // Weights 3 and 1 alternate starting from the digit next to the check digit.
  const sum = [...body].reverse().reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** EAN-8 or EAN-13 with a correct GS1 check digit. */
export function isValidEan(value: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(value)) return false;
  return eanCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

export const fieldMessages = {
  required: 'Pflichtfeld',
  tooLong: (max: number) => `Höchstens ${max} Zeichen`,
  url: 'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
  email: 'Bitte eine gültige E-Mail-Adresse eingeben',
  ean: 'Ungültige EAN: 8 oder 13 Ziffern mit gültiger Prüfziffer',
  serialPrefix: 'Nur Buchstaben, Ziffern und „-“ erlaubt',
  brandMissing: 'Diese Marke gibt es nicht',
  machineMissing: 'Diese Maschine gibt es nicht',
  circuitBoard: 'Bitte Ja oder NEIN wählen',
  nameTaken: 'Diese Artikelnummer gibt es für diese Marke schon',
  brandNameTaken: 'Diese Marke gibt es schon',
  chooseOne: 'Bitte wählen',
  enter: 'Bitte EINGEBEN',
  invalid: 'Ungültiger Wert',
  uploadTooLarge: 'Die Datei ist zu groß (höchstens 5 MB).',
  uploadType: 'Nur PNG-, JPEG- und GIF-Bilder sind erlaubt.',
} as const;

/** The same rules' words in any staff language: the API answers in the account's (api/src/messages.ts). */
export type FieldMessages = {
  readonly [K in keyof typeof fieldMessages]: (typeof fieldMessages)[K] extends string
    ? string
    : (typeof fieldMessages)[K];
};

export interface MachineFields {
  brand_id: number | null;
  name: string;
  serial_prefix: string;
  ean_number: string;
  link_en: string;
  link_ger: string;
}

/** The checks of a machine the browser can make before sending; the API makes the same ones. */
export function validateMachineFields(
  machine: MachineFields,
  words: FieldMessages = fieldMessages,
): Partial<Record<keyof MachineFields, string>> {
  const errors: Partial<Record<keyof MachineFields, string>> = {};
  if (!machine.brand_id) errors.brand_id = words.chooseOne;
  if (!machine.name.trim()) errors.name = words.required;
  if (!machine.serial_prefix.trim()) errors.serial_prefix = words.required;
  else if (!SERIAL_PREFIX_PATTERN.test(machine.serial_prefix.trim()))
    errors.serial_prefix = words.serialPrefix;
  const ean = machine.ean_number.trim();
  if (ean && !isValidEan(ean)) errors.ean_number = words.ean;
  for (const link of ['link_en', 'link_ger'] as const) {
    const value = machine[link].trim();
    if (value && !isHttpUrl(value)) errors[link] = words.url;
  }
  return errors;
}

export interface BrandFields {
  name: string;
  email: string;
  website_link: string;
}

export function validateBrandFields(
  brand: BrandFields,
  words: FieldMessages = fieldMessages,
): Partial<Record<keyof BrandFields, string>> {
  const errors: Partial<Record<keyof BrandFields, string>> = {};
  if (!brand.name.trim()) errors.name = words.required;
  const email = brand.email.trim();
  if (email && !EMAIL_PATTERN.test(email)) errors.email = words.email;
  const website = brand.website_link.trim();
  if (website && !isHttpUrl(website)) errors.website_link = words.url;
  return errors;
}
