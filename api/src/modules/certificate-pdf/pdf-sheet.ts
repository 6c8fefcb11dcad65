import {
  DISPATCH_ROW,
  HEAD_LABELS,
  INFO_ROWS,
  INSPECTION_DOCUMENT_WORDS,
  inspectionDocumentOf,
  INSTRUCTIONS_MARKING,
  INSTRUMENT_COLUMNS,
  RELEASE_WORDS,
  RESULT_COLUMNS,
  SCAN_LABELS,
  STEP_VERDICT_TEXT,
  SUBTITLE_LINES,
  TITLE,
  formatDate,
  limitOf,
  qrUrl,
  releaserText,
  replacedNote,
  revisionNote,
  spellings,
  stepLabels,
  testerText,
  type Certificate,
  type StepResult,
  type UnitTestRecord,
} from 'contracts';
import QRCode from 'qrcode';
import {
  box,
  cellWidth,
  CONTENT_WIDTH,
  labelRuns,
  MM,
  row,
  spacer,
  stack,
  text,
  type Block,
  type Cell,
  type Pen,
} from './pdf-blocks';
import type { PdfSettings } from './pdf-input';

/**
 * The parts of a sheet (docs/printed-certificate.md, "Layout of a sheet"), each a block of known height, in
 * the order of the browser's print they replace: header, facts, the unit's verdict, the first sheet's facts with
 * the QR code, the results, the instruments.
 */

/** The logo's box at the top right, as the print had it (40 × 20 mm). */
const LOGO_BOX = { width: 40 * MM, height: 20 * MM };
/** 100 CSS px (docs/printed-certificate.md, "QR code"). */
const QR_SIZE = 75;

export function header(pen: Pen, settings: PdfSettings, logo: PDFKit.PDFImage | null): Block {
  const { doc } = pen;
  const width = CONTENT_WIDTH - (logo ? LOGO_BOX.width + 8 * MM : 0);
  const manufacturer = [settings.companyName, settings.companyAddress].filter(Boolean).join(', ');
  const left = stack([
    text(pen, [{ text: TITLE, bold: true }], width, { size: 15 }),
    spacer(1 * MM),
    ...SUBTITLE_LINES.map((line) => text(pen, [{ text: line, bold: true }], width)),
    ...(manufacturer
      ? [
          spacer(1.5 * MM),
          text(
            pen,
            [...labelRuns(HEAD_LABELS.manufacturer, ': '), { text: manufacturer, bold: true }],
            width,
          ),
        ]
      : []),
  ]);
  return {
    height: Math.max(left.height, logo ? LOGO_BOX.height : 0),
    draw(x, y) {
      left.draw(x, y);
      if (logo)
        doc.image(logo, x + CONTENT_WIDTH - LOGO_BOX.width, y, {
          fit: [LOGO_BOX.width, LOGO_BOX.height],
          align: 'right',
        });
    },
  };
}

/** A fact's cell: its title in six languages above its value. */
function fact(pen: Pen, labels: readonly string[], value: string, width: number, size = 9): Cell {
  const inner = cellWidth(width);
  const content = stack(
    [text(pen, labelRuns(labels), inner), text(pen, [{ text: value, bold: true }], inner, { size })],
    0.5 * MM,
  );
  return { width, content };
}

/** The certificate's number, the unit's serial, the issue date and the plan version: on every sheet. */
export function headFacts(pen: Pen, data: Certificate, serial: string): Block {
  // Shares by the length of the titles, so each wraps to three lines at most and the row stays low.
  const width = (share: number) => CONTENT_WIDTH * share;
  return row(pen.doc, [
    fact(pen, HEAD_LABELS.number, String(data.id), width(0.24), 10),
    fact(pen, HEAD_LABELS.serial, serial, width(0.24), 10),
    fact(pen, HEAD_LABELS.date, formatDate(data.created_at), width(0.16), 10),
    fact(pen, HEAD_LABELS.plan_version, String(data.test_record.plan_version), width(0.36), 10),
  ]);
}

/** What the API decided about the unit, framed; a failure inverted, so a copier keeps it. */
export function releaseBanner(pen: Pen, unit: UnitTestRecord): Block {
  const padding = { x: 3 * MM, y: 1 * MM };
  const double = unit.release === 'deviation' || unit.release === 'awaiting_release';
  const border = double ? 1.2 * MM : 0.6 * MM;
  const inner = CONTENT_WIDTH - 2 * (padding.x + border);
  const parts = [
    text(pen, [{ text: spellings(RELEASE_WORDS[unit.release]), bold: true }], inner, { size: 12 }),
  ];
  if (unit.release === 'deviation' && unit.deviation_reason)
    parts.push(
      text(
        pen,
        [{ text: `${spellings(RELEASE_WORDS.reason)}: ${unit.deviation_reason}`, bold: true }],
        inner,
      ),
    );
  return box(pen.doc, stack(parts, 0.5 * MM), {
    width: CONTENT_WIDTH,
    padding,
    border,
    double,
    inverted: unit.release === 'failed',
  });
}

/** The QR code as vectors: one rectangle per run of dark modules in a row, filled at once. */
function qrCode(doc: PDFKit.PDFDocument, url: string): Block {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const module = QR_SIZE / modules.size;
  return {
    height: QR_SIZE,
    draw(x, y) {
      for (let r = 0; r < modules.size; r++)
        for (let c = 0; c < modules.size; c++) {
          if (!modules.get(r, c)) continue;
          let end = c;
          while (end + 1 < modules.size && modules.get(r, end + 1)) end++;
          doc.rect(x + c * module, y + r * module, (end - c + 1) * module, module);
          c = end;
        }
      doc.fill('#000000');
    },
  };
}

/** The unit's facts, who tested and who released it, the dispatch check, the QR code to its page and its text. */
export function unitFacts(pen: Pen, data: Certificate, unit: UnitTestRecord, settings: PdfSettings): Block {
  const { doc } = pen;
  // The code's column no wider than the code and its quiet zone (4 mm a side, more than 4 modules): the facts
  // get the rest, and wrap to fewer lines.
  const infoWidth = (CONTENT_WIDTH - QR_SIZE - 8 * MM) / 3;
  const qrWidth = CONTENT_WIDTH - 3 * infoWidth;
  const filled: Record<string, string> = {
    checked_by: testerText(data, unit),
    released_by: releaserText(data, unit),
  };
  const rows = INFO_ROWS.map((pair) =>
    row(
      doc,
      pair.map((fields) =>
        fact(pen, fields.labels, filled[fields.key] ?? fields.value?.(data, unit.serial) ?? '', infoWidth),
      ),
    ),
  );
  const url = qrUrl(settings, { id: data.machine_id, ean: data.ean_number }, unit.serial);
  const qr = qrCode(doc, url);
  const factsHeight = rows.reduce((sum, info) => sum + info.height, 0);
  const qrHeight = Math.max(factsHeight, QR_SIZE + 6 * MM);
  // Across the width, under the facts and the code: the dispatch check, then what the code leads to.
  const below = stack([
    row(doc, [
      { width: CONTENT_WIDTH, content: dispatchCheck(pen, unit, settings, cellWidth(CONTENT_WIDTH)) },
    ]),
    row(doc, [
      {
        width: CONTENT_WIDTH,
        content: stack(
          [SCAN_LABELS, INSTRUCTIONS_MARKING].map((labels) =>
            text(pen, labelRuns(labels), cellWidth(CONTENT_WIDTH)),
          ),
          1 * MM,
        ),
      },
    ]),
  ]);
  return {
    height: qrHeight + below.height,
    draw(x, y) {
      // The facts' rows share out the height the code needs, so the frame around the code stays closed.
      const stretch = (qrHeight - factsHeight) / rows.length;
      let top = y;
      for (const info of rows) {
        const height = info.height + stretch;
        info.draw(x, top);
        doc
          .lineWidth(0.3 * MM)
          .rect(x, top, 3 * infoWidth, height)
          .stroke('#000000');
        top += height;
      }
      doc
        .lineWidth(0.3 * MM)
        .rect(x + 3 * infoWidth, y, qrWidth, qrHeight)
        .stroke('#000000');
      qr.draw(x + 3 * infoWidth + (qrWidth - QR_SIZE) / 2, y + (qrHeight - QR_SIZE) / 2);
      doc.link(x + 3 * infoWidth, y, qrWidth, qrHeight, url);
      below.draw(x, y + qrHeight);
    },
  };
}

/**
 * What the unit's document is (EN 10204) after the row's title, in every language: German in bold, the others
 * after it; a dash where the pages state no compliance (inspectionDocumentOf).
 */
function dispatchCheck(pen: Pen, unit: UnitTestRecord, settings: PdfSettings, width: number): Block {
  const type = inspectionDocumentOf(unit, settings.inspectionDocument);
  const [german, ...others] = type ? INSPECTION_DOCUMENT_WORDS[type] : ['–'];
  return text(
    pen,
    [
      ...labelRuns(DISPATCH_ROW.labels, ': '),
      { text: german, bold: true },
      { text: others.map((other) => ` · ${other}`).join('') },
    ],
    width,
  );
}

/** The verdict's column holds its words in two lines: „bestanden / passed /“ above „conforme“. */
const RESULT_SHARES = { step: 0.48, standard: 0.11, limit: 0.1, value: 0.14, verdict: 0.17 } as const;
const columnWidth = (column: keyof typeof RESULT_SHARES) => CONTENT_WIDTH * RESULT_SHARES[column];

export function resultsHead(pen: Pen): Block {
  return row(
    pen.doc,
    (Object.keys(RESULT_SHARES) as (keyof typeof RESULT_SHARES)[]).map((column) => ({
      width: columnWidth(column),
      content: text(pen, labelRuns(RESULT_COLUMNS[column]), cellWidth(columnWidth(column))),
      fill: 'grey',
      bottom: true,
    })),
  );
}

/**
 * One step: its title in six languages, standard and test conditions, limit, the last attempt's value (with the
 * inventory number of the instrument that took it) and the API's verdict. A failing value framed, its verdict
 * inverted.
 */
export function resultRow(pen: Pen, { step, value, verdict }: StepResult, instrument?: string): Block {
  const cell = (
    column: keyof typeof RESULT_SHARES,
    content: (inner: number) => Block,
    more: Partial<Cell> = {},
  ) => {
    const width = columnWidth(column);
    return { width, content: content(cellWidth(width)), ...more };
  };
  const failed = verdict === 'fail';
  return row(pen.doc, [
    cell('step', (inner) => text(pen, labelRuns(stepLabels(step)), inner)),
    cell('standard', (inner) =>
      stack(
        [step.standard, step.parameters].filter(Boolean).map((line) => text(pen, [{ text: line }], inner)),
      ),
    ),
    cell('limit', (inner) => text(pen, [{ text: limitOf(step) }], inner)),
    cell(
      'value',
      (inner) =>
        stack(
          [
            text(pen, [{ text: value, bold: true }], failed ? inner - 2 * MM : inner, { size: 9 }),
            ...(instrument ? [text(pen, [{ text: instrument }], inner)] : []),
          ].map((block) => (failed ? indent(block, 1 * MM) : block)),
        ),
      { frame: failed },
    ),
    cell(
      'verdict',
      (inner) => text(pen, [{ text: STEP_VERDICT_TEXT[verdict], bold: true }], inner, { align: 'center' }),
      {
        fill: failed ? 'black' : undefined,
      },
    ),
  ]);
}

/** A block moved right and down by `by`, inside a failing value's frame. */
const indent = (block: Block, by: number): Block => ({
  height: block.height + by,
  draw: (x, y) => block.draw(x + by, y + by),
});

/**
 * The instruments that took the unit's values, with their calibration due dates: a title naming the date, then
 * the instruments, in one paragraph at 6.5 pt. No table head in six languages: two or three lines instead of a table's
 * seven keep a full plan's instruments on the sheet of its results (e2e/bench-print.mts counts the sheets).
 */
export function instrumentsTable(
  pen: Pen,
  instruments: { inventory_number: string; name: string; due: string }[],
): Block {
  // Inventory number and name speak for themselves; the date is named.
  const title = [...labelRuns(INSTRUMENT_COLUMNS.instruments, ' – '), ...labelRuns(INSTRUMENT_COLUMNS.due)];
  const entries = instruments.flatMap((instrument, i) => [
    { text: i === 0 ? ': ' : '; ' },
    { text: instrument.inventory_number, bold: true },
    { text: ` ${instrument.name} ${formatDate(instrument.due)}` },
  ]);
  return text(pen, [...title, ...entries], CONTENT_WIDTH, { size: 6.5 });
}

/** A revision names itself and the issue it replaces; a replaced revision names when it was replaced. */
export function standing(pen: Pen, data: Certificate): Block {
  const notes = [
    ...(data.revision > 1
      ? [revisionNote(data.revision, formatDate(data.revised_at), formatDate(data.replaces_issued_at))]
      : []),
    ...(data.replaced_at ? [replacedNote(formatDate(data.replaced_at), data.revision + 1)] : []),
  ];
  return stack(notes.map((note) => text(pen, [{ text: note, bold: true }], CONTENT_WIDTH)));
}
