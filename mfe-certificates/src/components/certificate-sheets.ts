import type { Certificate, UnitTestRecord } from 'contracts';
import { PLAN_LANGUAGES } from 'contracts';
import { stepResults, unitRecord, type StepResult } from './certificate-record';
import { RELEASE_WORDS, spellings } from './certificate-rows';

/**
 * How the printed certificate falls into A4 sheets (docs/printed-certificate.md). Each unit prints a customer's
 * and a factory's copy; a copy whose plan does not fit one sheet continues on the next rather than shrinking its
 * text below 8 pt. The split is estimated from the lengths of the texts, on the safe side: the browser's own
 * page breaks cannot number the sheets of each copy ("Seite 1 von 2"), and every sheet keeps its header.
 */

/** One printed sheet: a unit's copy, its page within that copy, and the steps it carries. */
export interface Sheet {
  serial: string;
  unit: UnitTestRecord;
  /** 0 = the customer's copy, 1 = the factory's copy. */
  copy: 0 | 1;
  page: number;
  pages: number;
  results: StepResult[];
}

/** Widths of 8 pt characters in Helvetica, a little more than its averages: capitals are wider. */
const CHAR_MM = 1.25;
const CAPITAL_MM = 1.95;
/** 8 pt at a line height of 1.1, and a cell's padding and border (certificate-print.css), rounded up. */
const LINE_MM = 3.15;
const ROW_PADDING_MM = 2.1;
/** The inner widths of the result columns (certificate-print.css: 47 / 16 / 13 / 14 / 10 % of 190 mm, less padding). */
const STEP_MM = 86;
const STANDARD_MM = 27;
const VALUE_MM = 23;
/** A fact beside the QR code (27 % of 190 mm): an article number may have 200 characters. */
const INFO_MM = 45;
/**
 * What the result rows may fill: the sheet less its header, facts, a one-line banner, the results' column heads
 * and the footer, measured on printed PDFs (the default plan's ten steps fill the first sheet).
 */
const FIRST_SHEET_MM = 119;
const NEXT_SHEET_MM = 180;
/** The full width, for the texts across the sheet (the banner, a deviation's reason). */
const FULL_MM = 186;

/** The lines a text takes in a cell `widthMm` wide, wrapped at spaces as the browser does. */
function lines(text: string, widthMm: number): number {
  if (!text) return 0;
  let count = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    const width = [...word].reduce((sum, c) => sum + (c === c.toLowerCase() ? CHAR_MM : CAPITAL_MM), CHAR_MM);
    if (used > 0 && used + width > widthMm) {
      count += 1;
      used = 0;
    }
    // A word longer than the cell breaks anywhere (overflow-wrap: anywhere).
    count += Math.floor(width / widthMm);
    used += width % widthMm;
  }
  return count;
}

/** The estimated height of one result row: its tallest cell. */
export function rowHeightMm({ step, value }: StepResult): number {
  const title = PLAN_LANGUAGES.map((language) => step.title[language]).join(' · ');
  const tallest = Math.max(
    lines(title, STEP_MM),
    lines(step.standard, STANDARD_MM) + lines(step.parameters, STANDARD_MM),
    lines(value, VALUE_MM),
    1,
  );
  return tallest * LINE_MM + ROW_PADDING_MM;
}

/** What every sheet's banner and notes take beyond one line: 12 pt words, a deviation's reason, a revision. */
function sheetExtraMm(data: Certificate, unit: UnitTestRecord): number {
  const words = spellings(RELEASE_WORDS[unit.release]);
  const banner = (lines(words, FULL_MM / 1.5) - 1) * 1.5 + lines(unit.deviation_reason ?? '', FULL_MM);
  // Each note of a revision is one line in German and English (print-messages.ts).
  const standing = (data.revision > 1 ? 1 : 0) + (data.replaced_at ? 1 : 0);
  return (banner + standing) * LINE_MM;
}

/** What the first sheet's facts take beyond their lines: an article number may have 200 characters. */
const firstSheetExtraMm = (data: Certificate) => Math.max(0, lines(data.machine_name, INFO_MM) - 2) * LINE_MM;

/** The results split into the sheets of one copy: as many rows as fit on each, at least one per sheet. */
export function splitResults(results: StepResult[], firstMm: number, nextMm = NEXT_SHEET_MM): StepResult[][] {
  const sheets: StepResult[][] = [[]];
  let room = firstMm;
  for (const result of results) {
    const height = rowHeightMm(result);
    const current = sheets[sheets.length - 1];
    if (height > room && current.length > 0) {
      sheets.push([result]);
      room = nextMm - height;
    } else {
      current.push(result);
      room -= height;
    }
  }
  return sheets;
}

/** A unit awaiting release prints no customer's copy: nothing about it is confirmed yet. */
const copiesOf = (unit: UnitTestRecord): (0 | 1)[] => (unit.release === 'awaiting_release' ? [1] : [0, 1]);

/** Every sheet of the print, unit by unit, the customer's copy first. */
export function certificateSheets(data: Certificate): Sheet[] {
  return data.serials.flatMap((serial) => {
    const unit = unitRecord(data, serial);
    const extra = sheetExtraMm(data, unit);
    const split = splitResults(
      stepResults(data, unit),
      FIRST_SHEET_MM - extra - firstSheetExtraMm(data),
      NEXT_SHEET_MM - extra,
    );
    return copiesOf(unit).flatMap((copy) =>
      split.map((results, i) => ({ serial, unit, copy, page: i + 1, pages: split.length, results })),
    );
  });
}
