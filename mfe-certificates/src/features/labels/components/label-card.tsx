import { QRCodeSVG } from 'qrcode.react';
import type { CSSProperties } from 'react';
import { imageUrl } from 'shared-ui';
import type { LabelPreset } from '../label-presets';
import type { LabelContent } from '../labels';
import { EanBarcode } from './ean-barcode';
import { InstructionsMarking } from './instructions-marking';

/** Serials up to this length (prefix + YYMM + 3 digits, e.g. 4852406001) print at full size; longer ones shrink to fit. */
const SERIAL_FULL_SIZE_CHARS = 10;
/** The serial's caption on the label: the product's marking, the same whatever language the staff app speaks. */
const SERIAL_CAPTION = 'SN';

/** One label: brand logo, article number, the unit's serial, the EAN barcode and the QR code to its landing page. */
export function LabelCard({ label, preset }: { label: LabelContent; preset: LabelPreset }) {
  const { parts } = preset;
  return (
    <article
      className={`cert-label cert-label--${preset.layout}${label.serial ? '' : ' cert-label--product'}${parts.marking.languages ? '' : ' cert-label--marking-icon'}`}
      aria-label={label.serial ?? label.article}
      data-testid="label"
    >
      <div className="cert-label__text">
        {label.logo && <img className="cert-label__logo" src={imageUrl(label.logo)} alt="" />}
        <p className="cert-label__article">{label.article}</p>
        {label.serial && (
          <p
            className="cert-label__serial"
            style={
              { '--serial-scale': Math.min(1, SERIAL_FULL_SIZE_CHARS / label.serial.length) } as CSSProperties
            }
          >
            <span className="cert-label__serial-caption">{SERIAL_CAPTION}</span> {label.serial}
          </p>
        )}
        {label.ean && <EanBarcode ean={label.ean} module={parts.barModule} barHeight={parts.barHeight} />}
      </div>
      <QRCodeSVG
        className="cert-label__qr"
        value={label.qr}
        level="M"
        marginSize={0}
        title={label.qr}
        data-testid="label-qr"
      />
      <InstructionsMarking languages={parts.marking.languages} />
    </article>
  );
}
