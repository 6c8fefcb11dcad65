import {
  DEFAULT_PLAN_STEPS,
  PLAN_LANGUAGES,
  type PlanStep,
  type StepVerdict,
  type UnitTestRecord,
} from './test-record';
import type { Certificate } from './wire';

/**
 * The certificate document's text (docs/printed-certificate.md), every row in one language order: German first
 * (bold), then English, French, Spanish, Italian and European Portuguese. Each term and its source is in
 * docs/terminology.md; certificate-document.test.tsx holds the printed rows to it. Here rather than in an app:
 * the API renders the document (api/src/modules/certificate-pdf/).
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
  /** The printed value for a unit; undefined for the blank signature row. */
  value?: (data: Certificate, serial: string) => string;
}

/** Values that are words, in the six languages (the check values OK / NOT OK and voltages print as they are). */
export const VALUE_WORDS: Readonly<Record<string, Translations>> = {
  YES: ['JA', 'YES', 'OUI', 'SÍ', 'SÌ', 'SIM'],
  NO: ['NEIN', 'NO', 'NON', 'NO', 'NO', 'NÃO'],
  GERMANY: ['DEUTSCHLAND', 'GERMANY', 'ALLEMAGNE', 'ALEMANIA', 'GERMANIA', 'ALEMANHA'],
  INDIA: ['INDIEN', 'INDIA', 'INDE', 'INDIA', 'INDIA', 'ÍNDIA'],
  POLAND: ['POLEN', 'POLAND', 'POLOGNE', 'POLONIA', 'POLONIA', 'POLÓNIA'],
};

/**
 * Between the spellings of a word in the six languages: a no-break space before the slash keeps it at the end of
 * a line, so a wrapped value never starts a line with "/" ("… GERMANIA / ALEMANHA").
 */
export const SPELLING_SEPARATOR = '\u00a0/ ';

/** The distinct spellings of a word in the six languages, in their order, joined so a reader of any of them can read it. */
export const spellings = (words: readonly string[]) => [...new Set(words)].join(SPELLING_SEPARATOR);

/** A word value in each spelling of the six languages, in their order, so that a reader of any of them can read it. */
export function inEveryLanguage(word: string): string {
  const translations = Object.hasOwn(VALUE_WORDS, word) ? VALUE_WORDS[word] : undefined;
  return translations ? spellings(translations) : word;
}

export const SCAN_LABELS: Translations = [
  'CODE SCANNEN FÜR INFOS/UNTERLAGEN',
  'SCAN CODE FOR INFO/DOCUMENTS',
  'SCANNER LE CODE POUR INFOS/DOCUMENTS',
  'ESCANEAR EL CÓDIGO PARA INFO/DOCUMENTOS',
  'SCANSIONARE IL CODICE PER INFO/DOCUMENTI',
  'LER O CÓDIGO PARA INFO/DOCUMENTOS',
];

/** A plan step's title in the printed order: the checks' rows come from the plan the unit was tested against. */
export const stepLabels = (step: Pick<PlanStep, 'title'>): Translations =>
  PLAN_LANGUAGES.map((language) => step.title[language]) as unknown as Translations;

/**
 * The facts of a unit beside its QR code, three to a row, and the dispatch check across the width. The tester and
 * the releaser are filled in from the test record (certificate-record.ts); the checks are the plan's steps.
 */
export const INFO_ROWS: readonly (readonly CertificateRow[])[] = [
  [
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
  ],
  [
    {
      key: 'checked_by',
      labels: [
        'Geprüft von',
        'Checked by',
        'Contrôlé par',
        'Revisado por',
        'Controllato da',
        'Verificado por',
      ],
    },
    {
      key: 'released_by',
      labels: [
        'Freigegeben von',
        'Released by',
        'Libéré par',
        'Liberado por',
        'Rilasciato da',
        'Libertado por',
      ],
    },
    {
      key: 'observation',
      labels: ['Bemerkungen', 'Remarks', 'Remarques', 'Observaciones', 'Osservazioni', 'Observações'],
      value: (d) => d.observation,
    },
  ],
];

/** Under the facts, beside the scan text: what the document is for the unit it leaves with (inspectionDocumentOf). */
export const DISPATCH_ROW: CertificateRow = {
  key: 'logistics_control',
  labels: [
    'Prüfung/Versand',
    'Dispatch check',
    "Contrôle à l'expédition",
    'Control de expedición',
    'Controllo alla spedizione',
    'Controlo de expedição',
  ],
};

/**
 * The EN 10204 types of inspection document a certificate can be, highest first. 3.1 (inspection certificate)
 * is validated by an authorised inspection representative independent of manufacturing: here the second person
 * who released the unit. 2.2 (test report) is the manufacturer's alone: a unit the passing test released.
 */
export const INSPECTION_DOCUMENTS = ['3.1', '2.2'] as const;
export type InspectionDocument = (typeof INSPECTION_DOCUMENTS)[number];

/** The types' names as EN 10204:2004 has them in each language version. */
export const INSPECTION_DOCUMENT_WORDS: Readonly<Record<InspectionDocument, Translations>> = {
  '3.1': [
    'Abnahmeprüfzeugnis 3.1 nach EN 10204',
    'Inspection certificate 3.1 according to EN 10204',
    'Certificat de réception 3.1 selon EN 10204',
    'Certificado de inspección 3.1 según EN 10204',
    'Certificato di controllo 3.1 secondo EN 10204',
    'Certificado de inspeção 3.1 segundo EN 10204',
  ],
  '2.2': [
    'Werkszeugnis 2.2 nach EN 10204',
    'Test report 2.2 according to EN 10204',
    'Relevé de contrôle 2.2 selon EN 10204',
    'Informe de ensayo 2.2 según EN 10204',
    'Rapporto di prova 2.2 secondo EN 10204',
    'Relatório de ensaio 2.2 segundo EN 10204',
  ],
};

/**
 * What the unit's document is: 3.1 when a second person released it (and the manufacturer's `highest` type
 * allows it: its releasers are independent of manufacturing), 2.2 when the passing test released it, and none
 * for a failed unit or one awaiting release, whose pages state no compliance.
 */
export function inspectionDocumentOf(
  unit: Pick<UnitTestRecord, 'release' | 'released_by_name'>,
  highest: InspectionDocument,
): InspectionDocument | null {
  if (unit.release !== 'released' && unit.release !== 'deviation') return null;
  return unit.released_by_name ? highest : '2.2';
}

/** The certificate's number, the unit's serial, the issue date and the plan version at the top of each sheet; the maker. */
export const HEAD_LABELS = {
  number: [
    'Prüfbericht Nr.',
    'Certificate No.',
    'Certificat n°',
    'Certificado n.º',
    'Certificato n.',
    'Certificado n.º',
  ],
  serial: ['Seriennummer', 'Serial number', 'N° de série', 'N.º de serie', 'N. di serie', 'N.º de série'],
  date: ['Datum', 'Date', 'Date', 'Fecha', 'Data', 'Data'],
  plan_version: [
    'Prüfplan, Version',
    'Test plan, version',
    "Plan d'essai, version",
    'Plan de ensayo, versión',
    'Piano di prova, versione',
    'Plano de ensaio, versão',
  ],
  manufacturer: ['Hersteller', 'Manufacturer', 'Fabricant', 'Fabricante', 'Fabbricante', 'Fabricante'],
} as const satisfies Record<string, Translations>;

/** The columns of the test results. */
export const RESULT_COLUMNS = {
  step: ['Prüfung', 'Test', 'Essai', 'Ensayo', 'Prova', 'Ensaio'],
  standard: ['Norm', 'Standard', 'Norme', 'Norma', 'Norma', 'Norma'],
  limit: ['Grenzwert', 'Limit', 'Limite', 'Límite', 'Limite', 'Limite'],
  value: ['Messwert', 'Measured value', 'Valeur mesurée', 'Valor medido', 'Valore misurato', 'Valor medido'],
  verdict: ['Ergebnis', 'Result', 'Résultat', 'Resultado', 'Esito', 'Resultado'],
} as const satisfies Record<string, Translations>;

/** What a unit's pages say about it (UnitRelease), and the reason of a deviation release. */
export const RELEASE_WORDS = {
  released: ['BESTANDEN', 'PASSED', 'CONFORME', 'CONFORME', 'CONFORME', 'CONFORME'],
  failed: ['NICHT BESTANDEN', 'FAILED', 'NON CONFORME', 'NO CONFORME', 'NON CONFORME', 'NÃO CONFORME'],
  deviation: ['SONDERFREIGABE', 'CONCESSION', 'DÉROGATION', 'CONCESIÓN', 'CONCESSIONE', 'CONCESSÃO'],
  awaiting_release: [
    'ZUR FREIGABE',
    'AWAITING RELEASE',
    'EN ATTENTE DE LIBÉRATION',
    'PENDIENTE DE LIBERACIÓN',
    'IN ATTESA DI RILASCIO',
    'A AGUARDAR LIBERTAÇÃO',
  ],
  reason: ['Grund', 'Reason', 'Motif', 'Motivo', 'Motivo', 'Motivo'],
} as const satisfies Record<string, Translations>;

/** "Seite 7 von 12" in the six languages: the sheet's place in the whole document. */
export const pageOf = (page: number, pages: number): Translations => [
  `Seite ${page} von ${pages}`,
  `Page ${page} of ${pages}`,
  `Page ${page} sur ${pages}`,
  `Página ${page} de ${pages}`,
  `Pagina ${page} di ${pages}`,
  `Página ${page} de ${pages}`,
];

/**
 * A step's verdict as the results column prints it: the words of a pass/fail step (bestanden / nicht bestanden) in
 * every spelling, in lower case, so only the banner's capitals state the unit's verdict.
 */
const stepWords = (words: Translations) => spellings(words.map((word) => word.toLowerCase()));
export const STEP_VERDICT_TEXT: Readonly<Record<StepVerdict, string>> = {
  pass: stepWords(RELEASE_WORDS.released),
  fail: stepWords(RELEASE_WORDS.failed),
  open: '–',
};

const ROW_TITLES: Record<string, string> = Object.fromEntries([
  ...[...INFO_ROWS.flat(), DISPATCH_ROW].map((row) => [row.key, row.labels[0]]),
  ...Object.entries(HEAD_LABELS).map(([key, labels]) => [key, labels[0]]),
  ...DEFAULT_PLAN_STEPS.map((step) => [step.key, step.title.de]),
]);

/** The German row title of a certificate field (every revisable one has a row), as the history names it. */
export const rowTitle = (field: string) => ROW_TITLES[field] ?? field;

/** The copies of a unit: one goes with the machine, one stays in the factory's file. */
export const COPY_MARKS = ['Kundenexemplar / Customer copy', 'Werksexemplar / Factory copy'] as const;

/** Across every page of a voided unit, and of a revision a newer one replaced. */
export const VOIDED_STAMP = 'STORNIERT / VOID';
export const REPLACED_STAMP = 'ERSETZT / SUPERSEDED';

/** A revision names itself and the issue it replaces; a replaced revision names when it was replaced. */
export const revisionNote = (revision: number, date: string, replaces: string) =>
  `Revision ${revision} vom ${date}, ersetzt die Ausgabe vom ${replaces} / ` +
  `Revision ${revision} of ${date}, replaces the issue of ${replaces}`;
export const replacedNote = (date: string, revision: number) =>
  `Ersetzt am ${date} durch Revision ${revision} / Superseded on ${date} by revision ${revision}`;

/** The tester's file a unit's values were taken from (docs/tester-files.md); the file is attached to the PDF. */
export const SOURCE_FILE_LABELS: Translations = [
  'Werte aus Prüfgerätedatei',
  "Values from the tester's file",
  "Valeurs du fichier de l'appareil d'essai",
  'Valores del archivo del equipo de ensayo',
  'Valori dal file dello strumento di prova',
  'Valores do ficheiro do equipamento de ensaio',
];

/** The instruments that took the values (ISO 9001 7.1.5.2: identified, with their calibration due date). */
export const INSTRUMENT_COLUMNS = {
  instruments: [
    'Prüfmittel',
    'Measuring equipment',
    'Équipements de mesure',
    'Equipos de medición',
    'Strumenti di misura',
    'Equipamentos de medição',
  ],
  inventory_number: [
    'Inventarnummer',
    'Inventory number',
    "N° d'inventaire",
    'N.º de inventario',
    'N. di inventario',
    'N.º de inventário',
  ],
  name: ['Bezeichnung', 'Name', 'Désignation', 'Denominación', 'Denominazione', 'Designação'],
  due: [
    'Kalibrierung fällig',
    'Calibration due',
    'Étalonnage dû le',
    'Calibración vence',
    'Taratura scade',
    'Calibração válida até',
  ],
} as const satisfies Record<string, Translations>;
