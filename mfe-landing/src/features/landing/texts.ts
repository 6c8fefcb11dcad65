/**
 * Every string of the customer page. The greetings and labels are the earlier app's with
 * its slips fixed (`MODELL`, one space in "Contact Us", "the button below", "Spare Parts List", a German
 * greeting for every customer); the states it lacked (verified or unknown serial, errors) are new, in English
 * and German like the rest of the page.
 */
export const texts = {
  loading: 'Data loading ...',
  modelLabel: 'MODEL / MODELL',
  serialLabel: 'SERIAL NUMBER / SERIENNUMMER',
  en: {
    salutation: 'Dear Customer,',
    purchase: ['Congratulations on your recent purchase of ', ' from ', '.'],
    // The middle part links to the company's contact when one is configured.
    help: [
      'Should you have any questions or need assistance, please feel free to ',
      'reach out to us',
      '. Our team is here to ensure you have the best possible experience with your new ',
      '.',
    ],
    links:
      'Please click on the button below for Product Specifications, Video, Spare Parts List, Technical Drawing, User Manual, Data Sheet or to Contact Us for support.',
    button: 'PRODUCT PAGE',
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
  },
  verified: {
    en: 'Genuine serial number, tested on',
    de: 'Echte Seriennummer, geprüft am',
  },
  serialUnconfirmed: 'NOT CONFIRMED / NICHT BESTÄTIGT',
  unknownSerial: {
    en: 'We cannot confirm this serial number for this model. The product information below applies to the model.',
    de: 'Diese Seriennummer können wir für dieses Modell nicht bestätigen. Die Produktinformationen unten gelten für das Modell.',
  },
  notFound: {
    title: 'Machine not found / Maschine nicht gefunden',
    en: 'This QR code does not lead to a machine we know. Please contact us with the serial number on the machine.',
    de: 'Dieser QR-Code führt zu keiner uns bekannten Maschine. Bitte wenden Sie sich mit der Seriennummer auf der Maschine an uns.',
  },
  throttled: {
    title: 'Too many requests / Zu viele Anfragen',
    en: 'This network has looked up many machines in a short time. Please wait a minute and try again.',
    de: 'Aus diesem Netz wurden in kurzer Zeit viele Maschinen abgefragt. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  },
  failed: {
    title: 'The page could not be loaded / Die Seite konnte nicht geladen werden',
    en: 'Please check your internet connection and try again.',
    de: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  },
  retry: 'TRY AGAIN / ERNEUT VERSUCHEN',
  description: (machine: string, company: string) =>
    `${machine} from ${company}: product page, serial number and support. ${machine} von ${company}: Produktseite, Seriennummer und Support.`,
};
