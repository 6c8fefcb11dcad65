import { expect, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';

/** What the API answers for a sealed PDF (components/certificate-pdf.tsx fetches it as a Blob). */
export const PDF_BYTES = new Blob(['%PDF-1.7 archived'], { type: 'application/pdf' });

/** jsdom has no object URLs: each Blob gets its own `blob:` name, and revoking is recorded. */
export function stubObjectUrls() {
  let made = 0;
  const blobs: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:https://pruefbericht.example/pdf-${++made}`;
  });
  URL.revokeObjectURL = jest.fn();
  return blobs;
}

/**
 * The PDF's frame, once shown, with its `print` spied; then the frame says it has loaded (jsdom loads no
 * blob: URL itself), which is when the page may print by itself.
 */
export async function loadPdfFrame(name: RegExp = /^PDF des Prüfberichts Nr\. \d+$/) {
  const frame = (await screen.findByTitle(name)) as HTMLIFrameElement;
  expect(frame.src).toMatch(/^blob:/);
  const print = jest.fn();
  Object.defineProperty(frame.contentWindow!, 'print', { value: print, configurable: true });
  fireEvent.load(frame);
  return { frame, print };
}
