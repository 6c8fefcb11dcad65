import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { printCss, type LabelPreset } from '../label-presets';

/**
 * What the printer gets: a root directly under <body> that only print shows, while the print rules hide every
 * other child of <body> (the shell's header, this page's form and preview). The @page rule gives each
 * printed page the preset's size; it exists only while the label page is open.
 */
export function LabelPrintRoot({ preset, children }: { preset: LabelPreset; children: ReactNode }) {
  return createPortal(
    <div className="cert-labels-print" data-testid="labels-print">
      <style>{printCss(preset)}</style>
      {children}
    </div>,
    document.body,
  );
}
