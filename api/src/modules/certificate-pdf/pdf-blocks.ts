import type { Translations } from 'contracts';
import { drawText, type Run, type TextMeasure } from './pdf-text';

/**
 * The geometry of a sheet (docs/printed-certificate.md, "Fits A4"), in PDF points, and the blocks a sheet is
 * stacked from: each knows its height before it is drawn, so the renderer can count a copy's sheets first.
 */
export const MM = 72 / 25.4;
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const PAD = { x: 10 * MM, top: 10 * MM, bottom: 8 * MM } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAD.x;
/** Between the blocks of a sheet. */
export const GAP = 2 * MM;
/** Low cells: the default plan with its instruments fits one sheet (certificate-pdf.test.ts). */
const CELL_PAD = { x: 1.3 * MM, y: 0.5 * MM };
const BORDER = 0.3 * MM;
/** No text on the sheet is smaller than this (docs/printed-certificate.md). */
export const SMALL = 8;

export interface Block {
  height: number;
  draw(x: number, y: number): void;
}

/** What drawing needs: the document and the measure of its fonts. */
export interface Pen {
  doc: PDFKit.PDFDocument;
  measure: TextMeasure;
}

export function text(
  { doc, measure }: Pen,
  runs: Run[],
  width: number,
  { size = SMALL, align }: { size?: number; align?: 'left' | 'center' | 'right' } = {},
): Block {
  const block = measure.layout(runs, size, width);
  return { height: block.height, draw: (x, y) => drawText(doc, block, x, y, { align, boxWidth: width }) };
}

/** A title in six languages: German in bold, the others after it on the same lines, so a row stays low. */
export const labelRuns = ([german, ...others]: Translations | readonly string[], tail = ''): Run[] => [
  { text: german, bold: true },
  { text: others.map((other) => ` · ${other}`).join('') + tail },
];

/** Empty room of `height`. */
export const spacer = (height: number): Block => ({ height, draw: () => undefined });

/** Blocks one under another. */
export function stack(blocks: Block[], gap = 0): Block {
  const shown = blocks.filter((block) => block.height > 0);
  return {
    height: shown.reduce((sum, block) => sum + block.height, 0) + gap * Math.max(0, shown.length - 1),
    draw(x, y) {
      for (const block of shown) {
        block.draw(x, y);
        y += block.height + gap;
      }
    },
  };
}

export interface Cell {
  width: number;
  /** Laid out for the cell's inner width (cellWidth). */
  content: Block;
  /** Black with white text (a failure), or grey (a table's head). */
  fill?: 'black' | 'grey';
  /** A frame inside the cell: a failing value. */
  frame?: boolean;
  /** Aligned to the bottom of the row, as a table's head. */
  bottom?: boolean;
}

export const cellWidth = (width: number) => width - 2 * CELL_PAD.x;

/** A table row of bordered cells, as tall as its tallest cell (or `minHeight`). */
export function row(doc: PDFKit.PDFDocument, cells: Cell[], minHeight = 0): Block {
  const height = Math.max(minHeight, ...cells.map((cell) => cell.content.height + 2 * CELL_PAD.y));
  return {
    height,
    draw(x, y) {
      for (const cell of cells) {
        if (cell.fill) doc.rect(x, y, cell.width, height).fill(cell.fill === 'black' ? '#000000' : '#eeeeee');
        doc.lineWidth(BORDER).rect(x, y, cell.width, height).stroke('#000000');
        if (cell.frame)
          doc
            .lineWidth(0.6 * MM)
            .rect(x + 1.2 * MM, y + 1.2 * MM, cell.width - 2.4 * MM, height - 2.4 * MM)
            .stroke('#000000');
        doc.fillColor(cell.fill === 'black' ? '#ffffff' : '#000000');
        const top = cell.bottom ? y + height - CELL_PAD.y - cell.content.height : y + CELL_PAD.y;
        cell.content.draw(x + CELL_PAD.x, top);
        doc.fillColor('#000000');
        x += cell.width;
      }
    },
  };
}

/** A box of its own: `border` wide (two thin lines for `double`), filled black for an inverted one. */
export function box(
  doc: PDFKit.PDFDocument,
  content: Block,
  {
    width,
    padding,
    border,
    double = false,
    inverted = false,
  }: {
    width: number;
    padding: { x: number; y: number };
    border: number;
    double?: boolean;
    inverted?: boolean;
  },
): Block {
  const height = content.height + 2 * (padding.y + border);
  return {
    height,
    draw(x, y) {
      if (inverted) doc.rect(x, y, width, height).fill('#000000');
      const lines = double ? [border / 6, border - border / 6] : [border / 2];
      for (const inset of lines)
        doc
          .lineWidth(double ? border / 3 : border)
          .rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset)
          .stroke('#000000');
      doc.fillColor(inverted ? '#ffffff' : '#000000');
      content.draw(x + border + padding.x, y + border + padding.y);
      doc.fillColor('#000000');
    },
  };
}
