/** Millimetres, as the label stock is sold and as CSS prints them. */
interface Size {
  width: number;
  height: number;
}

/** The stock the workshop uses; its names are in the catalogs (`labels.presetName.<id>`). */
export type LabelPresetId = 'roll-62' | 'thermal-100x50' | 'a4-3x8';

export interface LabelPreset {
  id: LabelPresetId;
  /** The printed page: one label on rolls and thermal stock, a whole sheet on A4. */
  page: Size;
  label: Size;
  columns: number;
  rows: number;
  /** Where the first label starts on the page, and the space between labels (sheet stock). */
  offset: { top: number; left: number };
  gap: { x: number; y: number };
  /** `tall`: everything stacked (narrow roll); `wide`: text and barcode left, QR code right. */
  layout: 'tall' | 'wide';
  /** Sizes of the label's parts, in mm. */
  parts: {
    /** Inside each label; on sheets also keeps the outer labels' content clear of the printer's unprintable edge. */
    padding: { x: number; y: number };
    logo: number;
    article: number;
    serial: number;
    qr: number;
    /**
     * Width of one barcode module: a whole number of printer dots keeps every bar the same width
     * (4 dots at 300 dpi, 3 at 203 dpi); EAN-13 allows 0.264–0.66 mm.
     */
    barModule: number;
    barHeight: number;
    /**
     * Where the instructions for use are (Machinery Regulation 2023/1230 Art. 10(7)): a pictogram and the line in
     * this many languages of contracts' INSTRUCTIONS_MARKING, at this letter height. Six lines fit the roll; the
     * 100 × 50 label has room for German and English; the 70 × 37 sheet label for the pictogram alone, beside
     * the QR code (docs/decisions/0012-documents.md).
     */
    marking: { size: number; languages: 6 | 2 | 0 };
  };
}

/** The stock the workshop uses. Ids are stored in the browser: never rename one. */
export const LABEL_PRESETS: readonly LabelPreset[] = [
  {
    id: 'roll-62',
    page: { width: 62, height: 100 },
    label: { width: 62, height: 100 },
    columns: 1,
    rows: 1,
    offset: { top: 0, left: 0 },
    gap: { x: 0, y: 0 },
    layout: 'tall',
    parts: {
      padding: { x: 4, y: 4 },
      logo: 12,
      article: 4.5,
      serial: 7.5,
      qr: 28,
      barModule: 0.339,
      barHeight: 14,
      marking: { size: 1.9, languages: 6 },
    },
  },
  {
    id: 'thermal-100x50',
    page: { width: 100, height: 50 },
    label: { width: 100, height: 50 },
    columns: 1,
    rows: 1,
    offset: { top: 0, left: 0 },
    gap: { x: 0, y: 0 },
    layout: 'wide',
    parts: {
      padding: { x: 3, y: 3 },
      logo: 8,
      article: 4,
      serial: 7,
      qr: 30,
      barModule: 0.375,
      barHeight: 13,
      marking: { size: 1.9, languages: 2 },
    },
  },
  {
    // Borderless sheets such as Zweckform 3474: 3 × 70 mm fill the width, 8 × 37 mm leave 0.5 mm top and bottom.
    id: 'a4-3x8',
    page: { width: 210, height: 297 },
    label: { width: 70, height: 37 },
    columns: 3,
    rows: 8,
    offset: { top: 0.5, left: 0 },
    gap: { x: 0, y: 0 },
    layout: 'wide',
    parts: {
      padding: { x: 4, y: 3.5 },
      logo: 5.5,
      article: 3,
      serial: 5,
      qr: 20,
      barModule: 0.28,
      barHeight: 9,
      marking: { size: 2, languages: 0 },
    },
  },
];

export const DEFAULT_PRESET = LABEL_PRESETS[0];

export function findPreset(id: string | null): LabelPreset {
  return LABEL_PRESETS.find((preset) => preset.id === id) ?? DEFAULT_PRESET;
}

export function labelsPerPage(preset: LabelPreset): number {
  return preset.columns * preset.rows;
}

/**
 * The print stylesheet while labels are on screen: the page box of the stock without printer margins (the
 * labels have their own padding), and nothing printed but the labels' print root.
 */
export function printCss(preset: LabelPreset): string {
  return [
    `@page { size: ${preset.page.width}mm ${preset.page.height}mm; margin: 0; }`,
    '@media print {',
    '  html, body { background: #fff !important; }',
    '  body > :not(.cert-labels-print) { display: none !important; }',
    // Outranks the "only my root prints" rule of another print root whose styles this tab may have loaded.
    '  html > body > .cert-labels-print { display: block !important; }',
    '}',
  ].join('\n');
}
