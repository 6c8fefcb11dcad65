/**
 * Every string of the customer page. The greetings and labels are the earlier app's (docs/earlier-app.md) with
 * its slips fixed (`MODELL`, one space in "Contact Us", "the button below", "Spare Parts List", a German greeting for every
 * customer); the states it lacked (verified or unknown serial, errors) are new. The page shows English and German
 * together; French, Spanish, Italian and (European) Portuguese, the certificate's other languages, each alone when
 * chosen (docs/architecture.md).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt'] as const;
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
  verified: string;
  /** Before the day a confirmed unit's certificate was corrected (a revision). */
  corrected: string;
  /** The confirmed unit's sealed certificate to download (docs/decisions/0020-sealed-certificate.md). */
  certificatePdf: string;
  unknownSerial: string;
  notFoundTitle: string;
  notFound: string;
  /** Too many calls from one address (the API's per-address limit). */
  throttledTitle: string;
  throttled: string;
  failedTitle: string;
  failed: string;
  retry: string;
}

const pages: Record<Language, PageTexts> = {
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
    withdrawnSerial:
      'The manufacturer has withdrawn this serial number. This unit is not covered by a valid test certificate; please contact us before using it.',
    verified: 'Genuine serial number, tested on',
    corrected: 'Certificate corrected on',
    certificatePdf: 'Test certificate (PDF)',
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
    withdrawnSerial:
      'Der Hersteller hat diese Seriennummer zurückgezogen. Für dieses Gerät gilt kein gültiger Prüfbericht; bitte wenden Sie sich an uns, bevor Sie es verwenden.',
    verified: 'Echte Seriennummer, geprüft am',
    corrected: 'Prüfbericht korrigiert am',
    certificatePdf: 'Prüfbericht (PDF)',
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
  },
  fr: {
    salutation: 'Chère cliente, cher client,',
    purchase: ['Félicitations pour l’achat de votre ', ' auprès de ', '.'],
    help: [
      'Pour toute question ou si vous avez besoin d’aide, n’hésitez pas à ',
      'nous contacter',
      '. Notre équipe est à votre disposition pour que votre ',
      ' vous donne entière satisfaction.',
    ],
    links:
      'Cliquez sur le bouton ci-dessous pour les spécifications du produit, la vidéo, la liste des pièces de rechange, le plan technique, le manuel d’utilisation, la fiche technique, ou pour contacter notre support.',
    button: 'PAGE DU PRODUIT',
    model: 'MODÈLE',
    serial: 'NUMÉRO DE SÉRIE',
    unconfirmed: 'NON CONFIRMÉ',
    withdrawn: 'RETIRÉ',
    withdrawnSerial:
      'Le fabricant a retiré ce numéro de série. Cet appareil n’est couvert par aucun rapport de contrôle valide ; veuillez nous contacter avant de l’utiliser.',
    verified: 'Numéro de série authentique, contrôlé le',
    corrected: 'Rapport de contrôle corrigé le',
    certificatePdf: 'Rapport de contrôle (PDF)',
    unknownSerial:
      'Nous ne pouvons pas confirmer ce numéro de série pour ce modèle. Les informations ci-dessous concernent le modèle.',
    notFoundTitle: 'Machine introuvable',
    notFound:
      'Ce code QR ne mène à aucune machine que nous connaissons. Veuillez nous contacter en indiquant le numéro de série figurant sur la machine.',
    throttledTitle: 'Trop de demandes',
    throttled:
      'Ce réseau a consulté de nombreuses machines en peu de temps. Veuillez patienter une minute, puis réessayer.',
    failedTitle: 'La page n’a pas pu être chargée',
    failed: 'Veuillez vérifier votre connexion Internet et réessayer.',
    retry: 'RÉESSAYER',
  },
  es: {
    salutation: 'Estimada clienta, estimado cliente:',
    purchase: ['Enhorabuena por la compra de su ', ' de ', '.'],
    help: [
      'Si tiene alguna pregunta o necesita ayuda, no dude en ',
      'ponerse en contacto con nosotros',
      '. Nuestro equipo está a su disposición para que su ',
      ' le ofrezca la mejor experiencia posible.',
    ],
    links:
      'Haga clic en el botón de abajo para ver las especificaciones del producto, el vídeo, la lista de piezas de repuesto, el dibujo técnico, el manual de usuario y la hoja de datos, o para ponerse en contacto con nuestro servicio de asistencia.',
    button: 'PÁGINA DEL PRODUCTO',
    model: 'MODELO',
    serial: 'NÚMERO DE SERIE',
    unconfirmed: 'NO CONFIRMADO',
    withdrawn: 'RETIRADO',
    withdrawnSerial:
      'El fabricante ha retirado este número de serie. Esta unidad no tiene un certificado de control válido; póngase en contacto con nosotros antes de utilizarla.',
    verified: 'Número de serie auténtico, verificado el',
    corrected: 'Certificado de control corregido el',
    certificatePdf: 'Certificado de control (PDF)',
    unknownSerial:
      'No podemos confirmar este número de serie para este modelo. La información siguiente se refiere al modelo.',
    notFoundTitle: 'Máquina no encontrada',
    notFound:
      'Este código QR no lleva a ninguna máquina que conozcamos. Póngase en contacto con nosotros indicando el número de serie de la máquina.',
    throttledTitle: 'Demasiadas solicitudes',
    throttled:
      'Desde esta red se han consultado muchas máquinas en poco tiempo. Espere un minuto y vuelva a intentarlo.',
    failedTitle: 'No se ha podido cargar la página',
    failed: 'Compruebe su conexión a Internet y vuelva a intentarlo.',
    retry: 'VOLVER A INTENTAR',
  },
  it: {
    salutation: 'Gentile cliente,',
    purchase: ['Congratulazioni per aver acquistato ', ' da ', '.'],
    help: [
      'Per qualsiasi domanda o richiesta di assistenza, non esiti a ',
      'contattarci',
      '. Il nostro team è a sua disposizione perché possa utilizzare al meglio ',
      '.',
    ],
    links:
      'Faccia clic sul pulsante qui sotto per specifiche del prodotto, video, elenco dei ricambi, disegno tecnico, manuale d’uso, scheda tecnica o per contattare l’assistenza.',
    button: 'PAGINA DEL PRODOTTO',
    model: 'MODELLO',
    serial: 'NUMERO DI SERIE',
    unconfirmed: 'NON CONFERMATO',
    withdrawn: 'RITIRATO',
    withdrawnSerial:
      'Il produttore ha ritirato questo numero di serie. Questa unità non è coperta da un rapporto di controllo valido; contattateci prima di utilizzarla.',
    verified: 'Numero di serie autentico, collaudato il',
    corrected: 'Rapporto di controllo corretto il',
    certificatePdf: 'Rapporto di controllo (PDF)',
    unknownSerial:
      'Non possiamo confermare questo numero di serie per questo modello. Le informazioni qui sotto valgono per il modello.',
    notFoundTitle: 'Macchina non trovata',
    notFound:
      'Questo codice QR non porta a nessuna macchina a noi nota. La preghiamo di contattarci indicando il numero di serie riportato sulla macchina.',
    throttledTitle: 'Troppe richieste',
    throttled:
      'Da questa rete sono state consultate molte macchine in poco tempo. Attenda un minuto e riprovi.',
    failedTitle: 'Impossibile caricare la pagina',
    failed: 'Verifichi la connessione a Internet e riprovi.',
    retry: 'RIPROVA',
  },
  pt: {
    salutation: 'Estimada cliente, estimado cliente,',
    purchase: ['Parabéns pela compra de ', ', da ', '.'],
    help: [
      'Se tiver alguma dúvida ou precisar de ajuda, não hesite em ',
      'contactar-nos',
      '. A nossa equipa está ao seu dispor para que tire o máximo partido de ',
      '.',
    ],
    links:
      'Clique no botão abaixo para ver as especificações do produto, o vídeo, a lista de peças sobresselentes, o desenho técnico, o manual de utilização e a ficha técnica, ou para contactar o nosso apoio.',
    button: 'PÁGINA DO PRODUTO',
    model: 'MODELO',
    serial: 'NÚMERO DE SÉRIE',
    unconfirmed: 'NÃO CONFIRMADO',
    withdrawn: 'RETIRADO',
    withdrawnSerial:
      'O fabricante retirou este número de série. Esta unidade não está coberta por um certificado de controlo válido; contacte-nos antes de a utilizar.',
    verified: 'Número de série autêntico, verificado em',
    corrected: 'Certificado de controlo corrigido em',
    certificatePdf: 'Certificado de controlo (PDF)',
    unknownSerial:
      'Não podemos confirmar este número de série para este modelo. As informações abaixo referem-se ao modelo.',
    notFoundTitle: 'Máquina não encontrada',
    notFound:
      'Este código QR não leva a nenhuma máquina que conheçamos. Contacte-nos indicando o número de série que está na máquina.',
    throttledTitle: 'Demasiados pedidos',
    throttled:
      'A partir desta rede foram consultadas muitas máquinas em pouco tempo. Aguarde um minuto e tente novamente.',
    failedTitle: 'Não foi possível carregar a página',
    failed: 'Verifique a sua ligação à Internet e tente novamente.',
    retry: 'TENTAR NOVAMENTE',
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

/** What the language switch offers: English and German together (the default), or one other language. */
export const CHOICES = [
  { value: 'en-de', label: 'EN · DE', languages: ['en', 'de'] },
  { value: 'fr', label: 'FR', languages: ['fr'] },
  { value: 'es', label: 'ES', languages: ['es'] },
  { value: 'it', label: 'IT', languages: ['it'] },
  { value: 'pt', label: 'PT', languages: ['pt'] },
] as const satisfies readonly { value: string; label: string; languages: readonly Language[] }[];
export type Choice = (typeof CHOICES)[number]['value'];

export const texts = {
  loading: 'Data loading ...',
  pages,
  switchLabel: 'Language / Sprache',
  description: (machine: string, company: string) =>
    `${machine} from ${company}: product page, serial number and support. ${machine} von ${company}: Produktseite, Seriennummer und Support.`,
};

/**
 * The choice for the browser's languages: the first of them the page has decides; French, Spanish, Italian or
 * Portuguese alone, anything else (German, English, none) the default English and German.
 */
export function choiceFor(browserLanguages: readonly string[]): Choice {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'fr' || primary === 'es' || primary === 'it' || primary === 'pt') return primary;
    if (primary === 'en' || primary === 'de') return 'en-de';
  }
  return 'en-de';
}

/** A label in the shown languages, e.g. `MODEL / MODELL`. */
export const label = (
  languages: readonly Language[],
  key: 'model' | 'serial' | 'unconfirmed' | 'withdrawn' | 'retry',
) => languages.map((language) => texts.pages[language][key]).join(' / ');
