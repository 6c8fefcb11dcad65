import { parse as parseCsv } from 'csv-parse/sync';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { childrenOf, fieldOf, parseXml, textOf, type XmlNode } from './xml';
import { zipEntries } from './zip-entries';

/** A tester's file as uploaded: larger ones are not a day's measurements (docs/tester-files.md). */
export const TESTER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const TABLE_LIMITS = { rows: 10_000, columns: 200, cellChars: 500 };

/** The instrument a file names (Metrel's `I` block): checked against the instrument register. */
export interface FileInstrument {
  model: string;
  serial: string;
  firmware: string;
  calibrationDate: string;
}

/**
 * Any tester's file as one table: a header, rows of text cells as they would be typed (a decimal comma or point, no
 * exponent), and for each column the unit it states, if any. The inspector maps columns to plan steps and to the
 * unit's serial; a vendor's file comes with its column keys (Metrel: "measurement id/result id").
 */
export interface TesterTable {
  format: 'csv' | 'xlsx' | 'padfx';
  columns: string[];
  units: string[];
  rows: string[][];
  instrument?: FileInstrument;
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
/** Metrel ES Manager's export: a ZIP holding one XML file of this name. */
const METREL_ENTRY = /^DataSource\.padf$/i;

/** Reads a tester's file by what it contains, never by its name; refuses anything else with a German reason. */
export async function readTesterFile(bytes: Buffer): Promise<TesterTable> {
  if (bytes.length === 0) throw badRequest(messages.importEmpty);
  if (bytes.length > TESTER_FILE_MAX_BYTES) throw badRequest(messages.importTooLarge);
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) return checked({ format: 'csv', ...readCsv(bytes) });
  const entries = await zipEntries(bytes, (name) => METREL_ENTRY.test(name) || name.startsWith('xl/'));
  const metrel = [...entries.keys()].find((name) => METREL_ENTRY.test(name));
  if (metrel) return checked(readMetrel(parseXml(entries.get(metrel)!)));
  if (entries.has('xl/workbook.xml')) return checked({ format: 'xlsx', ...readXlsx(entries) });
  throw badRequest(messages.importFormat);
}

/** Control characters other than tab and line breaks: a binary file (a PDF, an image), not a table. */
function isBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

/** Text in the encoding a tester's PC writes: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252. */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the header line: the most frequent of `;`, tab and `,` (`;` where a decimal comma is usual). */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((separator) => [separator, header.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(bytes: Buffer) {
  const text = decodeText(bytes);
  if (isBinary(text)) throw badRequest(messages.importFormat);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: TABLE_LIMITS.rows + 2,
    }) as string[][];
  } catch {
    throw badRequest(messages.importCsvBroken);
  }
  const [header = [], ...rows] = records;
  return { ...splitUnits(header), rows };
}

/** "Riso [MΩ]", "Riso (MΩ)" or "Riso in MΩ": the column's name and the unit it states. */
const HEADER_UNIT = /^(.*?)\s*(?:\[([^\]]+)\]|\(([^)]+)\)|\bin\s+(\S+))$/;

function splitUnits(header: string[]) {
  const split = header.map((cell) => {
    const match = HEADER_UNIT.exec(cell);
    return match ? { name: match[1], unit: match[2] ?? match[3] ?? match[4] } : { name: cell, unit: '' };
  });
  return { columns: split.map((column) => column.name), units: split.map((column) => column.unit) };
}

/** The first worksheet's cells as text: shared strings resolved, a formula's stored result (never evaluated). */
function readXlsx(entries: Map<string, Buffer>) {
  const entry = (name: string) => {
    const bytes = entries.get(name);
    if (!bytes) throw badRequest(messages.importFormat);
    return parseXml(bytes);
  };
  const sheets = childrenOf(childrenOf(entry('xl/workbook.xml').workbook, 'sheets')[0], 'sheet');
  const relations = childrenOf(entry('xl/_rels/workbook.xml.rels').Relationships, 'Relationship');
  const target = relations.find((relation) => fieldOf(relation, 'Id') === fieldOf(sheets[0] ?? {}, 'id'));
  if (!target) throw badRequest(messages.importFormat);
  const path = fieldOf(target, 'Target').replace(/^\/?(xl\/)?/, 'xl/');
  const shared = entries.has('xl/sharedStrings.xml')
    ? childrenOf(entry('xl/sharedStrings.xml').sst, 'si').map(sharedText)
    : [];
  const rows = childrenOf(childrenOf(entry(path).worksheet, 'sheetData')[0], 'row').map((row) => {
    const cells: string[] = [];
    childrenOf(row, 'c').forEach((cell, index) => {
      const reference = fieldOf(cell, 'r');
      const column = reference ? columnIndex(reference) : index;
      if (column >= TABLE_LIMITS.columns) throw badRequest(messages.importTooBig);
      cells[column] = cellText(cell, shared);
    });
    return Array.from(cells, (cell) => cell ?? '');
  });
  const [header = [], ...body] = rows.filter((row) => row.some((cell) => cell !== ''));
  return { ...splitUnits(header), rows: body };
}

/** A shared string: plain (`<t>`) or rich text in runs (`<r><t>`). */
function sharedText(item: XmlNode): string {
  return (
    textOf(item.t) +
    childrenOf(item, 'r')
      .map((run) => textOf(run.t))
      .join('')
  );
}

/** "AB12" → 27: the column letters as a 0-based index. */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  return [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

function cellText(cell: XmlNode, shared: string[]): string {
  const value = textOf(cell.v).trim();
  switch (fieldOf(cell, 't')) {
    case 's':
      return (shared[Number(value)] ?? '').trim();
    case 'inlineStr':
      return sharedText(childrenOf(cell, 'is')[0] ?? {}).trim();
    case 'str':
    case 'e':
      return value;
    case 'b':
      return value === '1' ? 'TRUE' : 'FALSE';
    default:
      return plainNumber(value);
  }
}

/** A number as Excel stores it ("1.5E-3") written out ("0.0015"), exactly: no binary floating point between. */
export function plainNumber(stored: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(stored);
  if (!match) return stored;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (Math.abs(point) > 30) return stored;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const decimals = padded.slice(at).replace(/0+$/, '');
  return `${sign}${integer}${decimals ? `.${decimals}` : ''}`;
}

/**
 * Metrel's DataSource.padf (docs/tester-files.md): the instrument block `I` (model IMiNm, serial ISer, firmware
 * ISwV, calibration date ICalD), and per structure object `SO` (a unit, its serial in SOSer) measurements `M`
 * (id MID) with results `R` (id RID, value V, unit U). Each result becomes a column keyed "MID/RID".
 */
function readMetrel(document: XmlNode): TesterTable {
  const database = childrenOf(document, 'Database')[0];
  const data = childrenOf(database, 'Data')[0];
  if (!database || !data) throw badRequest(messages.importMetrelStructure);
  const block = [...childrenOf(database, 'I'), ...childrenOf(data, 'I')][0];
  const instrument = block && {
    model: fieldOf(block, 'IMiNm'),
    serial: fieldOf(block, 'ISer'),
    firmware: fieldOf(block, 'ISwV'),
    calibrationDate: fieldOf(block, 'ICalD'),
  };
  const columns = ['SOSer'];
  const units = [''];
  const rows = childrenOf(data, 'SO').map((object) => {
    const row = [fieldOf(object, 'SOSer')];
    for (const measurement of childrenOf(childrenOf(object, 'Ms')[0], 'M')) {
      for (const result of childrenOf(measurement, 'R')) {
        const key = `${fieldOf(measurement, 'MID')}/${fieldOf(result, 'RID')}`;
        let column = columns.indexOf(key);
        if (column < 0) column = columns.push(key) - 1;
        units[column] ||= fieldOf(result, 'U');
        row[column] = fieldOf(result, 'V');
      }
    }
    return row;
  });
  return {
    format: 'padfx',
    columns,
    units,
    rows: rows.map((row) => Array.from(row, (cell) => cell ?? '')),
    instrument,
  };
}

/** A plain decimal number with a comma or a point; columns are judged by the cells that are numbers. */
const NUMBER = /^[+-]?\d+([.,])\d+$/;

/** Limits on size, and one decimal separator per column: "0,5" beside "0.5" could mean two things. */
function checked(table: TesterTable): TesterTable {
  if (table.rows.length === 0) throw badRequest(messages.importNoRows);
  if (table.rows.length > TABLE_LIMITS.rows || table.columns.length > TABLE_LIMITS.columns) {
    throw badRequest(messages.importTooBig);
  }
  for (const row of [table.columns, ...table.rows]) {
    if (row.some((cell) => cell.length > TABLE_LIMITS.cellChars))
      throw badRequest(messages.importCellTooLong);
  }
  table.columns.forEach((name, column) => {
    const separators = new Set(table.rows.map((row) => NUMBER.exec(row[column] ?? '')?.[1]).filter(Boolean));
    if (separators.size > 1) throw badRequest(messages.importMixedDecimals(name || String(column + 1)));
  });
  return table;
}
