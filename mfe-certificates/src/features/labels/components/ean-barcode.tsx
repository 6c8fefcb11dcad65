import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';

/** Modules of digit height under the bars, and the empty space EAN requires right of the bars. */
const DIGIT_MODULES = 9;
const QUIET_MODULES = 7;

interface EanBarcodeProps {
  /** A valid EAN-13 or EAN-8 (checked by the caller). */
  ean: string;
  /** Width of one module in mm; the whole barcode scales with it. */
  module: number;
  /** Height of the bars in mm, digits excluded. */
  barHeight: number;
}

/**
 * The EAN as a scannable barcode with its digits, drawn by JsBarcode in module units and scaled to mm, so the
 * bar widths follow the preset. EAN-13 puts its first digit in the left quiet zone; EAN-8 needs one of its own.
 */
export function EanBarcode({ ean, module, barHeight }: EanBarcodeProps) {
  const t = useT(certificateCatalogs);
  const svgRef = useRef<SVGSVGElement>(null);

  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const ean13 = ean.length === 13;
    JsBarcode(svg, ean, {
      format: ean13 ? 'EAN13' : 'EAN8',
      width: 1,
      height: Math.round(barHeight / module),
      fontSize: DIGIT_MODULES,
      textMargin: 1,
      margin: 0,
      // Room for the digits' round bottoms, which reach just below the baseline.
      marginBottom: 2,
      marginLeft: ean13 ? 0 : QUIET_MODULES,
      marginRight: QUIET_MODULES,
      font: 'Liberation Mono, DejaVu Sans Mono, monospace',
      background: '#ffffff',
      lineColor: '#000000',
    });
    // JsBarcode sizes the SVG in px (one per module); the label prints it in mm.
    const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    svg.setAttribute('width', `${width * module}mm`);
    svg.setAttribute('height', `${height * module}mm`);
  }, [ean, module, barHeight]);

  return (
    <svg
      ref={svgRef}
      className="cert-label__barcode"
      role="img"
      aria-label={t('labels.eanBarcode', { ean })}
    />
  );
}
