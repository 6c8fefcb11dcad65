import type { Certificate } from 'contracts';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CertificateDocument } from './certificate-document';

/** The print dialog opens about half a second after the answer, as in the earlier app (docs/earlier-app.md). */
export const PRINT_DELAY_MS = 500;
/** A logo that never loads must not keep the dialog from opening. */
const IMAGE_WAIT_MS = 5000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the clock reads `time` or later: a timer may fire a millisecond early by the clock. */
async function until(time: number) {
  while (Date.now() < time) await delay(time - Date.now());
}

/** Resolves when every distinct image in `root` is decoded (or failed), so the print has its logo. */
function imagesReady(root: HTMLElement): Promise<unknown> {
  const first = new Map<string, HTMLImageElement>();
  for (const img of root.querySelectorAll('img')) if (!first.has(img.src)) first.set(img.src, img);
  return Promise.all([...first.values()].map((img) => img.decode().catch(() => undefined)));
}

interface PrintRootProps {
  data: Certificate;
  /**
   * When the answer with `data` arrived (ms since the epoch): the print dialog opens PRINT_DELAY_MS later,
   * or as soon as the pages and their images are ready if that takes longer. Without it, no dialog opens.
   */
  answeredAt?: number;
}

/**
 * The certificate in a print-only root directly under <body>: the print CSS hides every other child of
 * <body>, so the shell and the form never print and the screen never shows these pages. It stays until
 * the next certificate replaces it, so printing again from the browser prints the same pages.
 */
export function PrintRoot({ data, answeredAt }: PrintRootProps) {
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answeredAt === undefined || !rootRef.current) return;
    let cancelled = false;
    const ready = Promise.race([
      Promise.all([imagesReady(rootRef.current), document.fonts?.ready]),
      delay(IMAGE_WAIT_MS),
    ]);
    // The pause counts from the answer, so rendering many pages does not add to it.
    Promise.all([ready, until(answeredAt + PRINT_DELAY_MS)]).then(() => {
      if (!cancelled) window.print();
    });
    return () => {
      cancelled = true;
    };
  }, [data, answeredAt]);

  return createPortal(
    <div className="cert-print-root" ref={rootRef} data-testid="print-root">
      <CertificateDocument data={data} />
    </div>,
    document.body,
  );
}
