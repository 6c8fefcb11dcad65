import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { apiDir } from '../../platform/api-files';

/**
 * Text on the certificate's pages: the committed fonts (api/assets/fonts/, OFL.txt there) and a small line
 * breaker. pdfkit wraps one font at a time, but a title mixes German in bold with five languages in regular,
 * the Hindi title needs its own font (fontkit shapes it), and Noto Sans has no ≥ or ≤: each word is split into
 * pieces by the font that has its letters, measured, and placed on lines by hand. The height of every block is
 * known before it is drawn, so the pages can be counted first ("Seite 1 von 2").
 */

const FONT_DIR = path.join(apiDir, 'assets/fonts');
const FONT_FILES = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
  devanagari: 'NotoSansDevanagari-Regular.ttf',
  devanagariBold: 'NotoSansDevanagari-Bold.ttf',
  math: 'NotoSansMath-Regular.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * Opened once per worker and shared by every document, which embeds the subset it uses. Opened per document (from
 * the files' bytes), each document decoded the fonts' shaping tables anew, and shaping was a third of a
 * certificate's render time.
 */
const fonts = Object.fromEntries(
  Object.entries(FONT_FILES).map(([name, file]) => [
    name,
    fontkit.create(fs.readFileSync(path.join(FONT_DIR, file))),
  ]),
) as Record<FontName, fontkit.Font>;

export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const [name, font] of Object.entries(fonts)) doc.registerFont(name, font);
}

/** A stretch of text in one weight. */
export interface Run {
  text: string;
  bold?: boolean;
}

interface Piece {
  text: string;
  font: FontName;
  width: number;
}

export interface Line {
  pieces: (Piece & { x: number })[];
  width: number;
}

/** Text set in lines at one size: its height is known before it is drawn. */
export interface TextBlock {
  lines: Line[];
  size: number;
  height: number;
}

/** Line height as a share of the size: Noto Sans is taller than the Helvetica of the browser's print. */
export const LINE_HEIGHT = 1.15;

const DEVANAGARI = /\p{Script=Devanagari}/u;
/** Mathematical operators and arrows (≥, ≤, →): Noto Sans has none of them, Noto Sans Math has. */
const MATH = /[\u2190-\u21ff\u2200-\u22ff\u2a00-\u2aff]/u;
/** Joiners and combining marks stay with the letter before them. */
const ATTACHED = /^(?:\u200c|\u200d|\p{M})$/u;

function fontOf(char: string, bold: boolean | undefined, previous: FontName | undefined): FontName {
  if (ATTACHED.test(char) && previous) return previous;
  if (DEVANAGARI.test(char)) return bold ? 'devanagariBold' : 'devanagari';
  if (MATH.test(char)) return 'math';
  return bold ? 'bold' : 'regular';
}

/**
 * Text widths measured so far, by font, size and text: the same words repeat on every sheet and in every
 * certificate, and shaping them (fontkit) was half of a certificate's render time. A width depends on the
 * committed font files alone, so it holds for every document; emptied when it grows past WIDTHS_KEPT, as
 * serials and values are new in each certificate.
 */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 50_000;

export function textMeasure(doc: PDFKit.PDFDocument) {
  const width = (text: string, font: FontName, size: number) => {
    const key = `${font}\u0000${size}\u0000${text}`;
    let known = widths.get(key);
    if (known === undefined) {
      known = doc.font(font).fontSize(size).widthOfString(text);
      if (widths.size >= WIDTHS_KEPT) widths.clear();
      widths.set(key, known);
    }
    return known;
  };

  /** A word's pieces, one per font. */
  function pieces(chars: { char: string; bold?: boolean }[], size: number): Piece[] {
    const out: Piece[] = [];
    let previous: FontName | undefined;
    for (const { char, bold } of chars) {
      const font = fontOf(char, bold, previous);
      const last = out.at(-1);
      if (last && last.font === font) last.text += char;
      else out.push({ text: char, font, width: 0 });
      previous = font;
    }
    for (const piece of out) piece.width = width(piece.text, piece.font, size);
    return out;
  }

  /** A word wider than the line, broken anywhere (as the browser's overflow-wrap: anywhere did). */
  function breakWord(chars: { char: string; bold?: boolean }[], size: number, max: number) {
    const parts: Piece[][] = [];
    let current: { char: string; bold?: boolean }[] = [];
    for (const c of chars) {
      const next = [...current, c];
      if (current.length && pieces(next, size).reduce((sum, p) => sum + p.width, 0) > max) {
        parts.push(pieces(current, size));
        current = [c];
      } else current = next;
    }
    if (current.length) parts.push(pieces(current, size));
    return parts;
  }

  /**
   * `runs` set in lines at most `max` wide, wrapped at spaces; a hard line break starts a new line. Words in
   * the same font run on in one piece, so a line is drawn with as few text operations as it has fonts.
   */
  function layout(runs: Run[], size: number, max: number): TextBlock {
    const lines: Line[] = [{ pieces: [], width: 0 }];
    let word: { char: string; bold?: boolean }[] = [];
    let pendingSpace = false;
    const place = (parts: Piece[]) => {
      const wordWidth = parts.reduce((sum, p) => sum + p.width, 0);
      let line = lines[lines.length - 1];
      const last = line.pieces.at(-1);
      let space = last && pendingSpace ? width(' ', last.font, size) : 0;
      if (last && line.width + space + wordWidth > max) {
        line = { pieces: [], width: 0 };
        lines.push(line);
        space = 0;
      }
      const [first, ...rest] = parts;
      const joined = line.pieces.at(-1);
      if (joined && joined.font === first.font) {
        joined.text += (space ? ' ' : '') + first.text;
        joined.width += space + first.width;
        line.width += space + first.width;
      } else {
        line.pieces.push({ ...first, x: line.width + space });
        line.width += space + first.width;
      }
      for (const part of rest) {
        line.pieces.push({ ...part, x: line.width });
        line.width += part.width;
      }
    };
    const flush = () => {
      if (!word.length) return;
      const parts = pieces(word, size);
      if (parts.reduce((sum, p) => sum + p.width, 0) <= max) place(parts);
      else
        breakWord(word, size, max).forEach((part, i) => {
          if (i > 0) pendingSpace = false;
          place(part);
        });
      word = [];
      pendingSpace = false;
    };
    for (const run of runs)
      for (const char of run.text) {
        if (char === '\n') {
          flush();
          lines.push({ pieces: [], width: 0 });
        } else if (char === ' ') {
          flush();
          pendingSpace = true;
        } else word.push({ char, bold: run.bold });
      }
    flush();
    const used = lines.length === 1 && !lines[0].pieces.length ? [] : lines;
    return { lines: used, size, height: used.length * size * LINE_HEIGHT };
  }

  return {
    layout,
    width: (text: string, size: number, bold = false) => width(text, bold ? 'bold' : 'regular', size),
  };
}

export type TextMeasure = ReturnType<typeof textMeasure>;

/** Draws a block with its top at `y`; `align` places each line in the `boxWidth` from `x`. */
export function drawText(
  doc: PDFKit.PDFDocument,
  block: TextBlock,
  x: number,
  y: number,
  { align = 'left', boxWidth = 0 }: { align?: 'left' | 'center' | 'right'; boxWidth?: number } = {},
) {
  const lineHeight = block.size * LINE_HEIGHT;
  block.lines.forEach((line, i) => {
    const offset = align === 'left' ? 0 : (boxWidth - line.width) / (align === 'center' ? 2 : 1);
    // The baseline, the same for every font of the line, so Hindi and Latin pieces stand on one line.
    const baseline = y + i * lineHeight + block.size * 0.93;
    for (const piece of line.pieces)
      doc
        .font(piece.font)
        .fontSize(block.size)
        .text(piece.text, x + offset + piece.x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  });
}
