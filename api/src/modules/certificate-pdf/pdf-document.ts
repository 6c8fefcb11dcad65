import {
  COPY_MARKS,
  ownValue,
  pageOf,
  REPLACED_STAMP,
  SOURCE_FILE_LABELS,
  stepResults,
  toWire,
  unitRecord,
  VOIDED_STAMP,
  type Certificate,
  type UnitTestRecord,
} from 'contracts';
import PDFDocument from 'pdfkit';
import {
  CONTENT_WIDTH,
  GAP,
  labelRuns,
  MM,
  PAD,
  PAGE,
  spacer,
  stack,
  text,
  type Block,
  type Pen,
} from './pdf-blocks';
import type { PdfInput } from './pdf-input';
import {
  header,
  headFacts,
  instrumentsTable,
  releaseBanner,
  resultRow,
  resultsHead,
  standing,
  unitFacts,
} from './pdf-sheet';
import { registerFonts, textMeasure } from './pdf-text';

/**
 * The certificate as a PDF/A-3b document (docs/printed-certificate.md): for each unit its customer's and
 * factory's copy, each on as many A4 sheets as its plan needs, with the certificate's data attached as
 * certificate.json. Everything in it comes from the input, nothing from the clock: the same state renders to
 * the same bytes.
 */

/** The latest moment of the certificate's state: the document's date, never the time it was rendered. */
function stateDate(data: Certificate): Date {
  const times = [
    data.created_at,
    data.revised_at,
    data.voided_at,
    data.replaced_at,
    ...data.test_record.units.flatMap((unit) => [unit.released_at, ...unit.attempts.map((a) => a.tested_at)]),
  ].filter((time): time is string => Boolean(time));
  return new Date(Math.max(...times.map((time) => Date.parse(time)).filter(Number.isFinite)));
}

/**
 * The data attached as certificate.json: the certificate as the API answers it (wire names,
 * docs/decisions/0005-wire-names.md), so another system reads plan, values, verdicts, serials, tester,
 * releaser and instruments without parsing pages.
 */
const attachedData = (input: PdfInput) => toWire(input.certificate);

/** One line at most, shortened with an ellipsis: a long stored address must not grow the sheet. */
function oneLine(pen: Pen, value: string, max: number, size: number, align?: 'right'): Block {
  let shown = value;
  while (shown && pen.measure.width(shown + (shown === value ? '' : '…'), size) > max)
    shown = shown.slice(0, -1);
  return text(pen, [{ text: shown === value ? value : `${shown}…` }], max, { size, align });
}

/** The footer of every sheet: a revision's notes, the brand's addresses, the sheet number and the copy mark. */
function footer(pen: Pen, data: Certificate, page: number, pages: number, copy: 0 | 1): Block {
  const half = CONTENT_WIDTH / 2 - 4 * MM;
  const email = oneLine(pen, data.brand_email.toLowerCase(), half, 9);
  const website = oneLine(pen, data.brand_website.toLowerCase(), half, 9, 'right');
  const links: Block = {
    height: Math.max(email.height, website.height),
    draw(x, y) {
      email.draw(x, y);
      website.draw(x + CONTENT_WIDTH - half, y);
    },
  };
  // The copy mark fits in 28 % of the line; the sheet's number in six languages, up to „Seite 999 von 999“,
  // on one line in the rest.
  const markWidth = CONTENT_WIDTH * 0.28;
  const mark = text(pen, [{ text: COPY_MARKS[copy], bold: true }], markWidth, { align: 'right' });
  const sheet = text(pen, [{ text: pageOf(page, pages).join(' · ') }], CONTENT_WIDTH - markWidth - 3 * MM);
  const copyLine: Block = {
    height: Math.max(mark.height, sheet.height) + 1 * MM,
    draw(x, y) {
      pen.doc
        .lineWidth(0.3 * MM)
        .moveTo(x, y)
        .lineTo(x + CONTENT_WIDTH, y)
        .stroke('#000000');
      sheet.draw(x, y + 1 * MM);
      mark.draw(x + CONTENT_WIDTH - markWidth, y + 1 * MM);
    },
  };
  return stack([standing(pen, data), links, copyLine], 1.5 * MM);
}

/** STORNIERT or ERSETZT across the sheet: it cannot be cut off or overlooked, and the sheet stays readable. */
function stamp(pen: Pen, words: string) {
  const { doc } = pen;
  const padding = { x: 8 * MM, y: 4 * MM };
  const words40 = text(pen, [{ text: words, bold: true }], PAGE.width, { size: 40 });
  const width = pen.measure.width(words, 40, true) + 2 * padding.x;
  const height = words40.height + 2 * padding.y;
  const [cx, cy] = [PAGE.width / 2, PAGE.height / 2];
  doc
    .save()
    .rotate(-30, { origin: [cx, cy] })
    .fillOpacity(0.55)
    .strokeOpacity(0.55);
  doc
    .lineWidth(1.5 * MM)
    .rect(cx - width / 2, cy - height / 2, width, height)
    .stroke('#c80000');
  doc.fillColor('#c80000');
  words40.draw(cx - width / 2 + padding.x, cy - height / 2 + padding.y);
  doc.restore();
  doc.fillColor('#000000');
}

interface Copy {
  serial: string;
  unit: UnitTestRecord;
  copies: (0 | 1)[];
}

/** A unit awaiting release prints no customer's copy: nothing about it is confirmed yet. */
function copiesOf(input: PdfInput): Copy[] {
  const data = input.certificate;
  return data.serials.map((serial) => {
    const unit = unitRecord(data, serial);
    const copies: (0 | 1)[] =
      input.scope.kind === 'customer-copy' ? [0] : unit.release === 'awaiting_release' ? [1] : [0, 1];
    return { serial, unit, copies };
  });
}

/** A block of the results' part of a sheet; the column heads go above result rows only. */
interface Item {
  block: Block;
  result: boolean;
}

/** The result rows of a unit and, last, the instruments its values were taken with. */
function items(pen: Pen, data: Certificate, unit: UnitTestRecord): Item[] {
  const used = unit.attempts.at(-1)?.instruments ?? {};
  const rows = stepResults(data, unit).map((result) => ({
    block: resultRow(pen, result, ownValue(used, result.step.key)),
    result: true,
  }));
  const numbers = new Set(Object.values(used));
  const instruments = (data.test_record.instruments ?? []).filter((i) => numbers.has(i.inventory_number));
  const source = unit.attempts.at(-1)?.source;
  const fromFile: Item[] = source
    ? [{ block: stack([spacer(1 * MM), sourceLine(pen, source)]), result: false }]
    : [];
  if (!instruments.length) return [...rows, ...fromFile];
  // Its bold title sets it apart, right under the results: a full plan's instruments stay on their sheet.
  return [...rows, { block: instrumentsTable(pen, instruments), result: false }, ...fromFile];
}

/**
 * The tester's file the values came from, by name and SHA-256, its title in the six languages: the file itself is
 * attached to the PDF. Small, as the instruments' paragraph (pdf-sheet.ts), so a full plan keeps its sheet.
 */
const sourceLine = (pen: Pen, source: { name: string; sha256: string }) =>
  text(pen, labelRuns(SOURCE_FILE_LABELS, `: ${source.name}, SHA-256 ${source.sha256}`), CONTENT_WIDTH, {
    size: 6.5,
  });

/** The media type a tester's file is attached with (api/src/modules/imports/tester-file.ts reads the three). */
const TESTER_FILE_TYPES: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  padfx: 'application/zip',
};

/** The items split into sheets: as many as fit on each, at least one per sheet. */
function split(items: Item[], firstRoom: number, nextRoom: number): Item[][] {
  const sheets: Item[][] = [[]];
  let room = firstRoom;
  for (const item of items) {
    const current = sheets[sheets.length - 1];
    if (item.block.height > room && current.length) {
      sheets.push([item]);
      room = nextRoom - item.block.height;
    } else {
      current.push(item);
      room -= item.block.height;
    }
  }
  return sheets;
}

/** A unit's copies and the items of each of its sheets, laid out before anything is drawn. */
interface Laid extends Copy {
  facts: Block;
  banner: Block;
  first: Block;
  sheets: Item[][];
}

/**
 * Every unit's copies, sheet by sheet. All are laid out first, so each sheet's number counts through the whole
 * file („Seite 7 von 12“), as a printer or a PDF reader numbers it.
 */
function drawSheets(pen: Pen, input: PdfInput, logo: PDFKit.PDFImage | null) {
  const { doc } = pen;
  const data = input.certificate;
  const top = header(pen, input.settings, logo);
  const head = resultsHead(pen);
  const bottom = PAGE.height - PAD.bottom;
  const layout = (footerHeight: number): Laid[] =>
    copiesOf(input).map((copy) => {
      const facts = headFacts(pen, data, copy.serial);
      const banner = releaseBanner(pen, copy.unit);
      const first = unitFacts(pen, data, copy.unit, input.settings);
      const above = top.height + facts.height + banner.height + 3 * GAP;
      const room = bottom - footerHeight - GAP - PAD.top - above - head.height;
      const sheets = split(items(pen, data, copy.unit), room - first.height - GAP, room);
      return { ...copy, facts, banner, first, sheets };
    });
  const count = (units: Laid[]) =>
    units.reduce((sum, unit) => sum + unit.copies.length * unit.sheets.length, 0);
  // The footer names the sheet count: with more digits it may take another line, leaving the sheets less room.
  const guess = count(layout(footer(pen, data, 1, 1, 0).height));
  const laid = layout(footer(pen, data, guess, guess, 0).height);
  const pages = count(laid);
  let page = 0;
  for (const { serial, copies, facts, banner, first, sheets } of laid)
    for (const copy of copies)
      sheets.forEach((sheet, i) => {
        page += 1;
        doc.addPage({ size: 'A4', margin: 0 });
        const heads = sheet.some((item) => item.result) ? [head] : [];
        const results = stack([...heads, ...sheet.map((item) => item.block)]);
        const parts = [top, facts, banner, ...(i === 0 ? [first] : []), results];
        stack(parts, GAP).draw(PAD.x, PAD.top);
        const foot = footer(pen, data, page, pages, copy);
        foot.draw(PAD.x, bottom - foot.height);
        if (data.voided_serials.includes(serial)) stamp(pen, VOIDED_STAMP);
        else if (data.replaced_at) stamp(pen, REPLACED_STAMP);
      });
}

/** Renders the document; pdfkit works synchronously, so this runs in the worker (render-pdf.ts). */
export function renderDocument(input: PdfInput): Promise<Uint8Array> {
  const data = input.certificate;
  const date = stateDate(data);
  const customer = input.scope.kind === 'customer-copy' ? `, Kundenexemplar ${input.scope.serial}` : '';
  const doc = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'de-DE',
    displayTitle: true,
    info: {
      Title: `Prüfbericht Nr. ${data.id}${customer}`,
      Subject: `${data.serials[0]} – ${data.serials.at(-1)}, Revision ${data.revision}`,
      Creator: 'Prüfbericht',
      // No ModDate: pdfkit's XMP has no xmp:ModifyDate to match it, and PDF/A wants the two to agree.
      CreationDate: date,
    },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  const pen = { doc, measure: textMeasure(doc) };
  drawSheets(pen, input, input.logo ? doc.openImage(Buffer.from(input.logo)) : null);
  doc.file(Buffer.from(JSON.stringify(attachedData(input), null, 2)), {
    name: 'certificate.json',
    type: 'application/json',
    relationship: 'Data',
    description: 'Prüfbericht: Prüfplan, Messwerte, Ergebnisse, Seriennummern, Prüfer, Freigabe, Prüfmittel',
    creationDate: date,
    modifiedDate: date,
  });
  // The original file each value came from, as PDF/A-3 allows: its name made unique by its hash's start.
  for (const file of input.testerFiles)
    doc.file(file.bytes, {
      name: `${file.sha256.slice(0, 12)}-${file.name || 'tester-file'}`,
      type: TESTER_FILE_TYPES[file.format] ?? 'application/octet-stream',
      relationship: 'Source',
      description: `Prüfgerätedatei, SHA-256 ${file.sha256}`,
      creationDate: date,
      modifiedDate: date,
    });
  doc.end();
  return done;
}
