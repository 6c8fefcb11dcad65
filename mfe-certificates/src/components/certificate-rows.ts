import type { Certificate } from 'contracts';

/**
 * The printed certificate's text (docs/printed-certificate.md), every row in one language order: German first
 * (bold), then English, French, Spanish, Italian and European Portuguese. Each term and its source is in
 * docs/terminology.md; certificate-document.test.tsx holds the printed rows to it.
 */
export type Translations = readonly [de: string, en: string, fr: string, es: string, it: string, pt: string];

export const TITLE = 'PRÜFBERICHT';
/** The title in the other languages; Hindi only here, as on the earlier certificate (docs/printed-certificate.md). */
export const SUBTITLE_LINES = [
  'QUALITY TEST CERTIFICATE | BULLETIN DE CONTRÔLE | CERTIFICADO DE CONTROL DE CALIDAD',
  'RAPPORTO DI CONTROLLO | CERTIFICADO DE CONTROLO DE QUALIDADE | परीक्षण प्रमाणपत्र',
] as const;

export interface CertificateRow {
  key: string;
  labels: Translations;
  /** The printed value for a unit; undefined for the blank signature row and the QR row. */
  value?: (data: Certificate, serial: string, formattedDate: string) => string;
}

/** Values that are words, in the six languages (the check values OK / NOT OK and voltages print as they are). */
export const VALUE_WORDS: Readonly<Record<string, Translations>> = {
  YES: ['JA', 'YES', 'OUI', 'SÍ', 'SÌ', 'SIM'],
  NO: ['NEIN', 'NO', 'NON', 'NO', 'NO', 'NÃO'],
  GERMANY: ['DEUTSCHLAND', 'GERMANY', 'ALLEMAGNE', 'ALEMANIA', 'GERMANIA', 'ALEMANHA'],
  INDIA: ['INDIEN', 'INDIA', 'INDE', 'INDIA', 'INDIA', 'ÍNDIA'],
  POLAND: ['POLEN', 'POLAND', 'POLOGNE', 'POLONIA', 'POLONIA', 'POLÓNIA'],
};

/** A word value in each spelling of the six languages, in their order, so that a reader of any of them can read it. */
export function inEveryLanguage(word: string): string {
  const translations = Object.hasOwn(VALUE_WORDS, word) ? VALUE_WORDS[word] : undefined;
  return translations ? [...new Set(translations)].join(' / ') : word;
}

export const SCAN_LABELS: Translations = [
  'CODE SCANNEN FÜR INFOS/UNTERLAGEN',
  'SCAN CODE FOR INFO/DOCUMENTS',
  'SCANNER LE CODE POUR INFOS/DOCUMENTS',
  'ESCANEAR EL CÓDIGO PARA INFO/DOCUMENTOS',
  'SCANSIONARE IL CODICE PER INFO/DOCUMENTI',
  'LER O CÓDIGO PARA INFO/DOCUMENTOS',
];

export const LEFT_ROWS: readonly CertificateRow[] = [
  {
    key: 'checked_by',
    labels: ['Geprüft von', 'Checked by', 'Contrôlé par', 'Revisado por', 'Controllato da', 'Verificado por'],
    value: (d) => d.checked_by,
  },
  {
    key: 'date',
    labels: ['Datum', 'Date', 'Date', 'Fecha', 'Data', 'Data'],
    value: (_d, _s, date) => date,
  },
  {
    key: 'machine_name',
    labels: [
      'Maschinentyp',
      'Machine type',
      'Type de machine',
      'Tipo de máquina',
      'Tipo di macchina',
      'Tipo de máquina',
    ],
    value: (d) => d.machine_name,
  },
  {
    key: 'serial',
    labels: ['Seriennummer', 'Serial number', 'N° de série', 'N.º de serie', 'N. di serie', 'N.º de série'],
    value: (_d, serial) => serial,
  },
  {
    key: 'perpendicularity',
    labels: [
      'Rechtwinkligkeit',
      'Perpendicularity',
      'Perpendicularité',
      'Perpendicularidad',
      'Perpendicolarità',
      'Perpendicularidade',
    ],
    value: (d) => d.perpendicularity,
  },
  {
    key: 'tolerance_of_spindle',
    labels: [
      'Aufnahme / Rundlauf',
      'Tool holder / radial run-out',
      'Porte-outil / battement radial',
      'Portaherramientas / oscilación radial',
      'Portautensile / oscillazione radiale',
      'Porta-ferramentas / batimento radial',
    ],
    value: (d) => d.tolerance_of_spindle,
  },
  {
    key: 'magnet_base_switch',
    labels: [
      'Magnetschalter/Funktion',
      'Magnetic base switch / function',
      'Interrupteur du socle magnétique / fonction',
      'Interruptor de la base magnética / función',
      'Interruttore della base magnetica / funzione',
      'Interruptor da base magnética / função',
    ],
    value: (d) => d.magnet_base_switch,
  },
  {
    key: 'motor_switch',
    labels: [
      'Motorschalter/Funktion',
      'Motor switch / function',
      'Interrupteur du moteur / fonction',
      'Interruptor del motor / función',
      'Interruttore del motore / funzione',
      'Interruptor do motor / função',
    ],
    value: (d) => d.motor_switch,
  },
  {
    key: 'guide',
    labels: [
      'Führung/Funktion',
      'Slide guide / function',
      'Guidage / fonction',
      'Guía / función',
      'Guida / funzione',
      'Guia / função',
    ],
    value: (d) => d.guide,
  },
];

export const RIGHT_ROWS: readonly CertificateRow[] = [
  {
    key: 'origin',
    labels: [
      'Ursprungsland',
      'Country of origin',
      "Pays d'origine",
      'País de origen',
      'Paese di origine',
      'País de origem',
    ],
    value: (d) => inEveryLanguage(d.origin),
  },
  {
    key: 'isolation',
    labels: [
      'Schutzleiter',
      'Protective conductor',
      'Conducteur de protection',
      'Conductor de protección',
      'Conduttore di protezione',
      'Condutor de proteção',
    ],
    value: (d) => d.isolation,
  },
  {
    key: 'insulation_resistance',
    labels: [
      'Isolationswiderstand',
      'Insulation resistance',
      "Résistance d'isolement",
      'Resistencia de aislamiento',
      'Resistenza di isolamento',
      'Resistência de isolamento',
    ],
    value: (d) => d.insulation_resistance,
  },
  {
    key: 'resistance_to_voltage',
    labels: [
      'Spannungsfestigkeit',
      'Dielectric strength',
      'Rigidité diélectrique',
      'Rigidez dieléctrica',
      'Rigidità dielettrica',
      'Rigidez dielétrica',
    ],
    value: (d) => d.resistance_to_voltage,
  },
  {
    key: 'electronic_circuit_board',
    labels: [
      'Elektronische Regelung',
      'Electronic control',
      'Régulation électronique',
      'Regulación electrónica',
      'Regolazione elettronica',
      'Regulação eletrónica',
    ],
    value: (d) => inEveryLanguage(d.electronic_circuit_board === 1 ? 'YES' : 'NO'),
  },
  {
    key: 'accessories',
    labels: ['Zubehör', 'Accessories', 'Accessoires', 'Accesorios', 'Accessori', 'Acessórios'],
    value: (d) => d.accessories,
  },
  {
    key: 'technical_certification',
    labels: [
      'Prüfung/Produktion',
      'Production check',
      'Contrôle en production',
      'Control de producción',
      'Controllo di produzione',
      'Controlo de produção',
    ],
    value: (d) => d.technical_certification,
  },
  {
    // Left blank on purpose: signed by hand at dispatch.
    key: 'logistics_control',
    labels: [
      'Prüfung/Versand',
      'Dispatch check',
      "Contrôle à l'expédition",
      'Control de expedición',
      'Controllo alla spedizione',
      'Controlo de expedição',
    ],
  },
  {
    key: 'observation',
    labels: ['Bemerkungen', 'Remarks', 'Remarques', 'Observaciones', 'Osservazioni', 'Observações'],
    value: (d) => d.observation,
  },
];

const ROW_TITLES: Record<string, string> = Object.fromEntries(
  [...LEFT_ROWS, ...RIGHT_ROWS].map((row) => [row.key, row.labels[0]]),
);

/** The German row title of a certificate field (every revisable one has a row), as the history names it. */
export const rowTitle = (field: string) => ROW_TITLES[field] ?? field;
