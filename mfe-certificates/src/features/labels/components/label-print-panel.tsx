import { useId, useState } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { LABEL_PRESETS, labelsPerPage, type LabelPreset } from '../label-presets';
import { clampCount, eanState, type LabelContent } from '../labels';
import { LabelPrintRoot } from './label-print-root';
import { LabelSheet } from './label-sheet';

interface CountSetting {
  label: string;
  range: { min: number; max: number; default: number };
}

interface LabelPrintPanelProps {
  /** The labels for a count (copies per unit, or product labels). */
  labelsFor: (count: number) => LabelContent[];
  count: CountSetting;
  /** The EAN as stored, to warn when it cannot become a barcode. */
  ean: string;
  preset: LabelPreset;
  onPreset: (id: string) => void;
}

/** Stock and count, the EAN warning, the print button and the preview of exactly what prints. */
export function LabelPrintPanel({ labelsFor, count, ean, preset, onPreset }: LabelPrintPanelProps) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const [countDraft, setCountDraft] = useState(String(count.range.default));
  const [startDraft, setStartDraft] = useState('1');
  const labels = labelsFor(clampCount(countDraft, count.range));
  const perPage = labelsPerPage(preset);
  const startRange = { min: 1, max: perPage };
  const skip = clampCount(startDraft, startRange) - 1;
  const pages = Math.ceil((skip + labels.length) / perPage);
  const state = eanState(ean);

  return (
    <>
      {state === 'invalid' && (
        <p className="cert-labels-warning" role="alert">
          {t('labels.eanInvalid', { ean })}
        </p>
      )}
      {state === 'missing' && <p className="cert-labels-warning">{t('labels.eanMissing')}</p>}
      <div className="cert-labels-settings">
        <div className="sui-field">
          <label htmlFor={`${id}-preset`}>{t('labels.preset')}</label>
          <select
            id={`${id}-preset`}
            className="sui-input"
            value={preset.id}
            onChange={(event) => onPreset(event.target.value)}
          >
            {LABEL_PRESETS.map((option) => (
              <option key={option.id} value={option.id}>
                {t(`labels.presetName.${option.id}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="sui-field">
          <label htmlFor={`${id}-count`}>{count.label}</label>
          <input
            id={`${id}-count`}
            className="sui-input"
            type="number"
            inputMode="numeric"
            min={count.range.min}
            max={count.range.max}
            step={1}
            value={countDraft}
            onChange={(event) => setCountDraft(event.target.value)}
            onBlur={() => setCountDraft(String(clampCount(countDraft, count.range)))}
          />
        </div>
        {perPage > 1 && (
          <div className="sui-field">
            <label htmlFor={`${id}-start`}>{t('labels.start', { max: perPage })}</label>
            <input
              id={`${id}-start`}
              className="sui-input"
              type="number"
              inputMode="numeric"
              min={startRange.min}
              max={startRange.max}
              step={1}
              value={startDraft}
              onChange={(event) => setStartDraft(event.target.value)}
              onBlur={() => setStartDraft(String(clampCount(startDraft, startRange)))}
            />
          </div>
        )}
        <button className="sui-button cert-labels-print-button" type="button" onClick={() => window.print()}>
          {t('labels.print')}
        </button>
      </div>
      <section className="cert-labels-preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`} className="cert-labels-heading">
          {t('labels.preview')}
        </h2>
        <p className="cert-note" data-testid="labels-summary">
          {t('labels.summary', { labels: labels.length, pages })}
        </p>
        <LabelSheet labels={labels} preset={preset} skip={skip} />
      </section>
      <LabelPrintRoot preset={preset}>
        <LabelSheet labels={labels} preset={preset} skip={skip} />
      </LabelPrintRoot>
    </>
  );
}
