import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PassThrough, Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { berlinWallClock, type ExportFormat } from 'contracts';
import type { ExportSheet, ExportWords } from '../../export-words';

/**
 * A column of an export: its header in the export's language, width in characters, kind of value, and the
 * value of a row.
 */
export interface ExportColumn<R> {
  header: string;
  width: number;
  kind: 'text' | 'number' | 'time';
  /** A number column's decimals as XLSX shows them (a measured step's); none: whole numbers. */
  decimals?: number;
  value: (row: R) => string | number | Date;
}

/** Rows written between two looks at whether the client and the compression keep up. */
const DRAIN_EVERY = 1000;

/**
 * Longest stretch an export works without giving its event loop a turn. Its rows are read and written by
 * promises, which never give a turn by themselves (on SQLite the reads are synchronous too): on the API's event
 * loop a million rows froze /healthz for 13 s. The exports the API still streams (the audit trail, an
 * instrument's impacts: small) give its requests their turns; in the worker (export-work.ts) the turns let its
 * lease, its signals and the supervisor's messages in.
 */
const SLICE_MS = 1;

/** Call after each row: gives the event loop a turn once the current slice is used up. */
function timeSlices() {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}

/**
 * `format` of a time, asked again only when the time differs from the last one: the units of a certificate
 * follow one another and share its time, and formatting it in Europe/Berlin through Intl for every unit took a
 * tenth of a million-row export's work (api/bench/bench.ts).
 */
function sameTimeOnce<T>(format: (time: Date) => T): (time: Date) => T {
  let last = NaN;
  let formatted: T;
  return (time) => {
    if (time.getTime() !== last) {
      last = time.getTime();
      formatted = format(time);
    }
    return formatted;
  };
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Resolves once `stream` wants more, at once if it does already, or when it closes. Asks the stream's state
 * rather than `writableNeedDrain`: archiver's streams come from readable-stream 2, which lacks that getter.
 */
async function drained(stream: Writable | undefined) {
  const state = (stream as { _writableState?: { needDrain?: boolean } } | undefined)?._writableState;
  if (!stream || !state?.needDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The stream exceljs writes a sheet's XML into: the zip's compressor. exceljs commits rows without telling
 * when to wait (exceljs/exceljs#734), so the writer waits for this stream itself; without it a million rows
 * piled up in memory and the first byte left only at the end (docs/architecture.md#budgets). Its buffered length reflects the client
 * too: a slow download fills the compressor's output, and the compressor stops taking input.
 */
function sheetCompressor(sheet: ExcelJS.Worksheet): Writable | undefined {
  return (sheet as unknown as { _stream?: { pipes?: Writable[] } })._stream?.pipes?.[0];
}

/**
 * A real workbook, written row by row by exceljs's streaming writer: times as dates (Europe/Berlin wall
 * clock, shown DD.MM.YYYY HH:MM), numbers as numbers, the header row frozen and bold, an auto-filter over
 * every row, and column widths. No shared strings table, so memory does not grow with the rows.
 */
async function writeXlsx<R>(
  batches: AsyncIterable<R[]>,
  columns: ExportColumn<R>[],
  output: PassThrough,
  words: ExportWords,
  what: ExportSheet,
) {
  // Loaded with the first XLSX export: 8 MB of heap that every collection would otherwise mark, in every
  // process, whether it exports or not (api/bench/documents-bench.ts).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(words.sheets[what], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, i) => ({
    key: String(i),
    header: column.header,
    width: column.width,
    style:
      column.kind === 'time'
        ? { numFmt: 'dd.mm.yyyy hh:mm' }
        : column.kind === 'number'
          ? { numFmt: column.decimals ? `0.${'0'.repeat(column.decimals)}` : '0' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const wallClock = sameTimeOnce(berlinWallClock);
  const pause = timeSlices();
  let rows = 1;
  for await (const batch of batches) {
    for (const row of batch) {
      if (output.destroyed) return;
      sheet
        .addRow(
          columns.map((column) => {
            const value = column.value(row);
            return value instanceof Date ? wallClock(value) : value;
          }),
        )
        .commit();
      await pause();
      if (++rows % DRAIN_EVERY === 0) {
        await drained(sheetCompressor(sheet));
        await drained(output);
      }
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows, column: columns.length } };
  sheet.commit();
  await workbook.commit();
}

/** What a spreadsheet would take as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula (`=HYPERLINK(…)` as a checker's name) gets a leading
 * apostrophe, as OWASP's CSV Injection page advises, so Excel and LibreOffice show it as text. Only text:
 * numbers are written as numbers, and a negative one is not a formula.
 */
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A field that must be quoted: it holds the delimiter, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[;"\r\n]/;

/** One CSV field: quoted with its quotes doubled where RFC 4180 asks for it, as it is otherwise. */
const csvField = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * CSV as a German Excel opens it: UTF-8 with a byte order mark, `;` between fields, CRLF between rows, times
 * in Europe/Berlin as the export's language writes them (DD.MM.YYYY HH:MM in German, DD/MM/YYYY HH:MM
 * in English), a measured value with the language's decimal separator (0,8 in German and Polish, which a German
 * Excel reads as a number, 0.8 in English); text that would start a formula is neutralised. XLSX needs no such care: exceljs writes text
 * cells as strings, never as formulas. Written here rather than with csv-stringify, which made about 8 KB of
 * garbage per row: for a million rows, collections that held every other request (measured in
 * api/bench/bench.ts); the files read back with csv-parse in the tests.
 */
async function writeCsv<R>(
  batches: AsyncIterable<R[]>,
  columns: ExportColumn<R>[],
  output: PassThrough,
  words: ExportWords,
) {
  const time = sameTimeOnce(words.dayTime);
  const number = (value: number) =>
    Number.isInteger(value) ? String(value) : String(value).replace('.', words.decimal);
  const field = (value: string | number | Date) =>
    typeof value === 'number'
      ? number(value)
      : value instanceof Date
        ? time(value)
        : csvField(neutraliseFormula(value));
  const line = (fields: string[]) => `${fields.join(';')}\r\n`;
  output.write(`\uFEFF${line(columns.map((column) => csvField(column.header)))}`);
  const pause = timeSlices();
  let rows = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      if (output.destroyed) return;
      output.write(line(columns.map((column) => field(column.value(row)))));
      await pause();
      if (++rows % DRAIN_EVERY === 0) await drained(output);
    }
  }
  output.end();
}

/**
 * Writes every row of `batches` into `output` as `format`, the sheet named for `what` and the times written in
 * `words`' language; ends `output` when done.
 */
export function writeExport<R>(
  batches: AsyncIterable<R[]>,
  columns: ExportColumn<R>[],
  output: PassThrough,
  { format, what, words }: { format: ExportFormat; what: ExportSheet; words: ExportWords },
) {
  return format === 'xlsx'
    ? writeXlsx(batches, columns, output, words, what)
    : writeCsv(batches, columns, output, words);
}
