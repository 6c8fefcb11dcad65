import type { Certificate } from 'contracts';

/**
 * The printed certificate's text (docs/printed-certificate.md): the earlier app's rows with their typos
 * corrected and every row in one language order: German first (bold), then English, French, Spanish,
 * Italian and Portuguese.
 */
export type Translations = readonly [de: string, en: string, fr: string, es: string, it: string, pt: string];

export const TITLE = 'PRÜFBERICHT';
/** The title in the other languages; Hindi only here, as on the earlier certificate. */
export const SUBTITLE_LINES = [
  'QUALITY TEST CERTIFICATE | BULLETIN DE CONTRÔLE | CERTIFICADO DE CONTROL DE CALIDAD',
  'RAPPORTO DI CONTROLLO | FICHA TÉCNICA DE CONTROLE DE QUALIDADE | परीक्षण प्रमाणपत्र',
] as const;

export interface CertificateRow {
  key: string;
  labels: Translations;
  /** The printed value for a unit; undefined for the blank signature row and the QR row. */
  value?: (data: Certificate, serial: string, formattedDate: string) => string;
}

export const SCAN_LABELS: Translations = [
  'CODE SCANNEN FÜR INFOS/UNTERLAGEN',
  'SCAN CODE FOR INFO/DOCUMENTS',
  'NUMÉRISER LE CODE POUR INFO/DOCUMENTS',
  'ESCANEAR CÓDIGO PARA INFO/DOCUMENTOS',
  'SCANSIONARE IL CODICE PER INFO/DOCUMENTI',
  'DIGITALIZAR O CÓDIGO PARA INFO/DOCUMENTOS',
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
    labels: ['Maschinentyp', 'Type of machine', 'Modèle de la machine', 'Modelo', 'Modello', 'Modelo'],
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
      'Winkeligkeit',
      'Perpendicularity',
      'Perpendicularité',
      'Perpendicularidad',
      'Perpendicolarità',
      'Geometria da máquina',
    ],
    value: (d) => d.perpendicularity,
  },
  {
    key: 'tolerance_of_spindle',
    labels: [
      'Aufnahme / Rundlauf',
      'Tolerance of spindle',
      'Tolérance axiale',
      'Tolerancia del husillo',
      'Tolleranza del mandrino',
      'Tolerância radial do encaixe',
    ],
    value: (d) => d.tolerance_of_spindle,
  },
  {
    key: 'magnet_base_switch',
    labels: [
      'Magnetschalter/Funktion',
      'Magnet base switch',
      'Interrupteur de la base magnétique',
      'Interruptor del imán',
      'Funzionalità interruttore magnete',
      'Interruptor da base magnética',
    ],
    value: (d) => d.magnet_base_switch,
  },
  {
    key: 'motor_switch',
    labels: [
      'Motorschalter/Funktion',
      'Motor switch',
      'Interrupteur moteur',
      'Interruptor del motor',
      'Funzionalità interruttore motore',
      'Interruptor liga/desliga do motor',
    ],
    value: (d) => d.motor_switch,
  },
  {
    key: 'guide',
    labels: [
      'Führung/Funktion',
      'Guide',
      'Tolérance guide glissière',
      'Ajuste de las guías',
      'Tolleranza guide scorrimento',
      'Ajuste das guias',
    ],
    value: (d) => d.guide,
  },
];

export const RIGHT_ROWS: readonly CertificateRow[] = [
  {
    key: 'origin',
    labels: ['Ursprung', 'Origin', 'Origine', 'Origen', 'Origine', 'Origem'],
    value: (d) => d.origin,
  },
  {
    key: 'isolation',
    labels: [
      'Schutzleiter',
      'Protective earth',
      'Protection',
      'Cable aislante',
      'Messa a terra',
      'Aterramento',
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
      "Resistenza d'isolamento",
      'Resistência de isolamento',
    ],
    value: (d) => d.insulation_resistance,
  },
  {
    key: 'resistance_to_voltage',
    labels: [
      'Spannungsfestigkeit',
      'Resistance to voltage',
      'Résistance à la tension',
      'Resistencia a altas tensiones',
      'Resistenza elettrica',
      'Tensão admissível',
    ],
    value: (d) => d.resistance_to_voltage,
  },
  {
    key: 'electronic_circuit_board',
    labels: [
      'Elektronische Regelung',
      'Electronic circuit board',
      'Fonctionnement platine',
      'Control placa electrónica',
      'Regolazione elettronica',
      'Comando eletrônico',
    ],
    value: (d) => (d.electronic_circuit_board === 1 ? 'YES' : 'NO'),
  },
  {
    key: 'accessories',
    labels: [
      'Zubehör',
      'Accessories',
      'Contrôle accessoires',
      'Control accesorios',
      'Accessori',
      'Acessórios',
    ],
    value: (d) => d.accessories,
  },
  {
    key: 'technical_certification',
    labels: [
      'Prüfung/Produktion',
      'Technical certification',
      'Contrôle production',
      'Responsable control',
      'Controllo produzione',
      'Controle de produção',
    ],
    value: (d) => d.technical_certification,
  },
  {
    // Left blank on purpose: signed by hand at dispatch.
    key: 'logistics_control',
    labels: [
      'Prüfung/Versand',
      'Logistics control',
      'Contrôle expéditions',
      'Responsable despacho',
      'Controllo spedizione',
      'Controle de expedição',
    ],
  },
  {
    key: 'observation',
    labels: ['Bemerkungen', 'Observation', 'Observations', 'Observaciones', 'Osservazioni', 'Observações'],
    value: (d) => d.observation,
  },
];
