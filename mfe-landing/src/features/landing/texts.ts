/**
 * Every string of the customer page. The greetings and labels are the earlier app's (docs/earlier-app.md) with
 * its slips fixed (`MODELL`, one space in "Contact Us", "the button below", "Spare Parts List", a German greeting for every
 * customer); the states it lacked (verified or unknown serial, errors) are new. The page shows one language at a
 * time: the phone's when the page has it (German, English, and the certificate's other languages French, Spanish,
 * Italian and (European) Portuguese), else English; the switch offers the others (docs/architecture.md).
 */
export const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PageTexts {
  salutation: string;
  /** Around the machine's name and the company's name. */
  purchase: [string, string, string];
  /** The second part links to the company's contact when one is configured; the machine's name between 3 and 4. */
  help: [string, string, string, string];
  links: string;
  button: string;
  model: string;
  serial: string;
  unconfirmed: string;
  /** The manufacturer voided this unit: its status label and what it means for the customer. */
  withdrawn: string;
  withdrawnSerial: string;
  /** The unit's status beside its serial: released, failed its final inspection, or awaiting release. */
  statusReleased: string;
  statusFailed: string;
  statusAwaiting: string;
  verified: string;
  /** Before the day a confirmed unit's certificate was corrected (a revision). */
  corrected: string;
  /** The confirmed unit's sealed certificate to download (docs/decisions/0020-sealed-certificate.md). */
  certificatePdf: string;
  /** While the certificate's PDF is being sealed for this unit (the API's 503 with Retry-After). */
  certificatePreparing: string;
  /** Still not ready after a minute. */
  certificateLater: string;
  unknownSerial: string;
  notFoundTitle: string;
  notFound: string;
  /** Too many calls from one address (the API's per-address limit). */
  throttledTitle: string;
  throttled: string;
  failedTitle: string;
  failed: string;
  retry: string;
  /** The contact that names the unit (unit-contact.tsx): its heading, the phone and e-mail links. */
  contactHeading: string;
  call: string;
  write: string;
  /** The e-mail's subject and first lines, naming model and serial (none without a serial). */
  mailSubject: (model: string, serial?: string) => string;
  mailBody: (model: string, serial?: string) => string;
  /** The link to the public verification page of sealed certificates. */
  verifyLink: string;
}

/** The languages that come with the page; the others are a chunk of their own (other-texts.ts). */
type OtherLanguage = Exclude<Language, 'en' | 'de'>;

/**
 * English and German with the page's first load; French, Spanish, Italian and Portuguese added by
 * `loadLanguages` when chosen (the first load's budget, docs/architecture.md#budgets).
 */
const pages: Partial<Record<Language, PageTexts>> = {
  en: {
    salutation: 'Dear Customer,',
    purchase: ['Congratulations on your recent purchase of ', ' from ', '.'],
    help: [
      'Should you have any questions or need assistance, please feel free to ',
      'reach out to us',
      '. Our team is here to ensure you have the best possible experience with your new ',
      '.',
    ],
    links:
      'Please click on the button below for Product Specifications, Video, Spare Parts List, Technical Drawing, User Manual, Data Sheet or to Contact Us for support.',
    button: 'PRODUCT PAGE',
    model: 'MODEL',
    serial: 'SERIAL NUMBER',
    unconfirmed: 'NOT CONFIRMED',
    withdrawn: 'WITHDRAWN',
    statusReleased: 'RELEASED',
    statusFailed: 'FAILED',
    statusAwaiting: 'NOT YET RELEASED',
    withdrawnSerial:
      'The manufacturer has withdrawn this serial number. This unit is not covered by a valid test certificate; please contact us before using it.',
    verified: 'Genuine serial number, tested on',
    corrected: 'Certificate corrected on',
    certificatePdf: 'Test certificate (PDF)',
    certificatePreparing: 'The test certificate is being prepared …',
    certificateLater: 'The test certificate is not ready yet. Please try again in a few minutes.',
    unknownSerial:
      'We cannot confirm this serial number for this model. The product information below applies to the model.',
    notFoundTitle: 'Machine not found',
    notFound:
      'This QR code does not lead to a machine we know. Please contact us with the serial number on the machine.',
    throttledTitle: 'Too many requests',
    throttled:
      'This network has looked up many machines in a short time. Please wait a minute and try again.',
    failedTitle: 'The page could not be loaded',
    failed: 'Please check your internet connection and try again.',
    retry: 'TRY AGAIN',
    contactHeading: 'Questions about this unit?',
    call: 'Call',
    write: 'Write to us',
    mailSubject: (model, serial) => (serial ? `${model}, serial number ${serial}` : model),
    mailBody: (model, serial) =>
      `Model: ${model}\n${serial ? `Serial number: ${serial}\n` : ''}\nMy question:\n`,
    verifyLink: 'Verify a test certificate',
  },
  de: {
    salutation: 'Sehr geehrte Kundin, sehr geehrter Kunde,',
    purchase: ['Herzlichen Glückwunsch zu Ihrem kürzlichen Kauf einer ', ' von ', '.'],
    help: [
      'Sollten Sie Fragen haben oder Hilfe benötigen, können Sie sich jederzeit ',
      'an uns wenden',
      '. Unser Team ist hier, um sicherzustellen, dass Sie mit Ihrer neuen ',
      ' die bestmögliche Erfahrung machen.',
    ],
    links:
      'Bitte klicken Sie auf die Schaltfläche unten, um Produktspezifikationen, Video, Ersatzteilliste, technische Zeichnungen, Bedienungsanleitung, Datenblatt anzuzeigen oder um unseren Support zu kontaktieren.',
    button: 'PRODUKTSEITE',
    model: 'MODELL',
    serial: 'SERIENNUMMER',
    unconfirmed: 'NICHT BESTÄTIGT',
    withdrawn: 'ZURÜCKGEZOGEN',
    statusReleased: 'FREIGEGEBEN',
    statusFailed: 'NICHT BESTANDEN',
    statusAwaiting: 'NOCH NICHT FREIGEGEBEN',
    withdrawnSerial:
      'Der Hersteller hat diese Seriennummer zurückgezogen. Für dieses Gerät gilt kein gültiger Prüfbericht; bitte wenden Sie sich an uns, bevor Sie es verwenden.',
    verified: 'Echte Seriennummer, geprüft am',
    corrected: 'Prüfbericht korrigiert am',
    certificatePdf: 'Prüfbericht (PDF)',
    certificatePreparing: 'Der Prüfbericht wird vorbereitet …',
    certificateLater: 'Der Prüfbericht ist noch nicht fertig. Bitte in einigen Minuten erneut versuchen.',
    unknownSerial:
      'Diese Seriennummer können wir für dieses Modell nicht bestätigen. Die Produktinformationen unten gelten für das Modell.',
    notFoundTitle: 'Maschine nicht gefunden',
    notFound:
      'Dieser QR-Code führt zu keiner uns bekannten Maschine. Bitte wenden Sie sich mit der Seriennummer auf der Maschine an uns.',
    throttledTitle: 'Zu viele Anfragen',
    throttled:
      'Aus diesem Netz wurden in kurzer Zeit viele Maschinen abgefragt. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    failedTitle: 'Die Seite konnte nicht geladen werden',
    failed: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    retry: 'ERNEUT VERSUCHEN',
    contactHeading: 'Fragen zu diesem Gerät?',
    call: 'Anrufen',
    write: 'Schreiben Sie uns',
    mailSubject: (model, serial) => (serial ? `${model}, Seriennummer ${serial}` : model),
    mailBody: (model, serial) =>
      `Modell: ${model}\n${serial ? `Seriennummer: ${serial}\n` : ''}\nMeine Frage:\n`,
    verifyLink: 'Echtheit eines Prüfberichts prüfen',
  },
};

/**
 * A unit's release when it is not simply released (docs/decisions/0010-test-record.md), in plain English and
 * German; the other languages show the English. A failed unit or one awaiting release is never called genuine.
 */
export const releaseTexts = {
  en: {
    deviation:
      'Released by the manufacturer with a documented deviation from the test plan (special release).',
    failed:
      'This unit did not pass its final inspection. Please do not use it, and contact the manufacturer.',
    awaiting: 'The final inspection of this unit has not been released yet. Please contact the manufacturer.',
  },
  de: {
    deviation:
      'Vom Hersteller mit einer dokumentierten Abweichung vom Prüfplan freigegeben (Sonderfreigabe).',
    failed:
      'Dieses Gerät hat die Endprüfung nicht bestanden. Bitte verwenden Sie es nicht und wenden Sie sich an den Hersteller.',
    awaiting:
      'Die Endprüfung dieses Geräts ist noch nicht freigegeben. Bitte wenden Sie sich an den Hersteller.',
  },
};
export const releaseText = (language: Language) => (language === 'de' ? releaseTexts.de : releaseTexts.en);

/** A shown language's texts: the page shows only languages that `loadLanguages` has loaded (landing-screen.tsx). */
export function pageTexts(language: Language): PageTexts {
  const page = pages[language];
  if (!page) throw new Error(`The texts of ${language} are not loaded`);
  return page;
}

/** Whether the texts of every one of `languages` are here. */
export const languagesLoaded = (languages: readonly Language[]) =>
  languages.every((language) => pages[language]);

/** Makes the texts of `languages` available; the certificate's other languages come from their own chunk. */
export async function loadLanguages(languages: readonly Language[]): Promise<void> {
  if (languagesLoaded(languages)) return;
  const { otherPages } = await import(/* webpackChunkName: "other-languages" */ './other-texts');
  Object.assign(pages, otherPages satisfies Record<OtherLanguage, PageTexts>);
}

export const texts = {
  loading: 'Data loading ...',
  switchLabel: 'Language / Sprache',
  description: (machine: string, company: string) =>
    `${machine} from ${company}: product page, serial number and support. ${machine} von ${company}: Produktseite, Seriennummer und Support.`,
};

/**
 * The language for the browser's languages: the first of them the page has decides (a German phone reads German);
 * English when it has none of them.
 */
export function choiceFor(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    const language = LANGUAGES.find((candidate) => candidate === primary);
    if (language) return language;
  }
  return 'en';
}

/** A label in the shown languages, e.g. `MODEL / MODELL`. */
export const label = (
  languages: readonly Language[],
  key:
    | 'model'
    | 'serial'
    | 'unconfirmed'
    | 'withdrawn'
    | 'statusReleased'
    | 'statusFailed'
    | 'statusAwaiting'
    | 'retry',
) => languages.map((language) => pageTexts(language)[key]).join(' / ');
