import type { CSSProperties } from 'react';
import { labelsPerPage, type LabelPreset } from '../label-presets';
import { sheetSlots, type LabelContent } from '../labels';
import { LabelCard } from './label-card';

/** The preset's measures as CSS variables: the preview and the print use the same sheet, so they match. */
function sheetVariables(preset: LabelPreset): CSSProperties {
  const { page, label, columns, offset, gap, parts } = preset;
  const mm = (value: number) => `${value}mm`;
  return {
    '--page-w': mm(page.width),
    '--page-h': mm(page.height),
    '--label-w': mm(label.width),
    '--label-h': mm(label.height),
    '--columns': columns,
    '--offset-top': mm(offset.top),
    '--offset-left': mm(offset.left),
    '--gap-x': mm(gap.x),
    '--gap-y': mm(gap.y),
    '--padding-x': mm(parts.padding.x),
    '--padding-y': mm(parts.padding.y),
    '--logo-h': mm(parts.logo),
    '--article-size': mm(parts.article),
    '--serial-size': mm(parts.serial),
    '--qr': mm(parts.qr),
    '--marking-size': mm(parts.marking.size),
  } as CSSProperties;
}

interface LabelSheetProps {
  labels: LabelContent[];
  preset: LabelPreset;
  /** Labels already used on the first sheet. */
  skip: number;
}

/** The labels laid out on the preset's pages, one page box per printed page. */
export function LabelSheet({ labels, preset, skip }: LabelSheetProps) {
  return (
    <div className="cert-label-sheet" style={sheetVariables(preset)}>
      {sheetSlots(labels, labelsPerPage(preset), skip).map((page, index) => (
        <section key={index} className="cert-label-page" data-testid="label-page">
          {page.map((label, slot) =>
            label ? (
              <LabelCard key={label.key} label={label} preset={preset} />
            ) : (
              <div key={`used-${slot}`} className="cert-label cert-label--used" data-testid="label-used" />
            ),
          )}
        </section>
      ))}
    </div>
  );
}
