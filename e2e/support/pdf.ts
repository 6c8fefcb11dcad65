import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The staff print shows the archived PDF in a frame from a blob: URL (mfe-certificates' certificate-pdf.tsx).
 * Call before what makes the page fetch it: the PDF the API answers to that page (the newest document, or an
 * earlier revision's), once the page shows it in its frame. The page's CSP lets no script read a blob: URL
 * back (connect-src), so the bytes are taken from the answer the frame's blob was made of.
 */
export function pdfShownBy(page: Page) {
  const answer = page.waitForResponse(
    (response) =>
      /\/api\/certificates\/\d+\/document(s\/\d+)?$/.test(new URL(response.url()).pathname) &&
      response.status() === 200,
    { timeout: 30_000 },
  );
  return async (): Promise<Buffer> => {
    const pdf = await (await answer).body();
    const frame = page.getByTitle(/^PDF des Prüfberichts Nr\. \d+$/);
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return pdf;
  };
}

/**
 * Replaces the print dialog and counts its calls on the page's own window, so a test can wait for "the dialog
 * opened": the print is the PDF frame's (init scripts run in every frame, that one included).
 */
export async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const top = window.top as unknown as { printCalls: number; printedAt: number };
    if (window === window.top) top.printCalls = 0;
    window.print = () => {
      top.printCalls += 1;
      top.printedAt = window.top!.performance.now();
    };
  });
}

export const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

function withFile<T>(pdf: Buffer, work: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shown-pdf-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return work(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The PDF's pages as text (pdftotext) in the order it was drawn (`-raw`: side-by-side columns do not interleave,
 * a diagonal stamp reads as its words), whitespace collapsed: a value that wraps still reads as one string.
 */
export function pdfPageTexts(pdf: Buffer): string[] {
  return withFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:.*\(A4\)/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    return Array.from({ length: pages }, (_, i) =>
      execFileSync('pdftotext', ['-raw', '-f', String(i + 1), '-l', String(i + 1), file, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, ' '),
    );
  });
}

/** Each page rasterised (pdftoppm) at `resolution` dpi, as PNG files in order. */
export function pdfToPngs(pdf: Buffer, resolution: number): Buffer[] {
  return withFile(pdf, (file) => {
    const prefix = path.join(path.dirname(file), 'page');
    execFileSync('pdftoppm', ['-r', String(resolution), '-png', file, prefix]);
    return fs
      .readdirSync(path.dirname(file))
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => fs.readFileSync(path.join(path.dirname(file), name)));
  });
}
