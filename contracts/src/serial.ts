import { SERIAL_PAD } from './constants';

/** Serial of unit k (0-based) of a certificate: docs/decisions/0004-serial-scheme.md. */
export function unitSerial(serialBase: string, firstUnitNumber: number, k: number): string {
  return serialBase + String(firstUnitNumber + k).padStart(SERIAL_PAD, '0');
}

/** Public address a unit's QR code encodes; without a serial it is the machine's product page. */
export function landingUrl(webBase: string, machineId: number, serial?: string): string {
  const base = `${webBase.replace(/\/+$/, '')}/landing/${machineId}`;
  return serial ? `${base}/${encodeURIComponent(serial)}` : base;
}

/**
 * The unit serial `search` names within a certificate's consecutive serials `first`…`last` (`quantity` of
 * them), spelt as issued; undefined when it names none, e.g. a serial base or an article number. The list
 * gives only first and last, so the split into base and counter is found as the one that leads to `last`.
 */
export function unitSerialIn(
  search: string,
  first: string,
  last: string,
  quantity: number,
): string | undefined {
  const wanted = search.trim().toUpperCase();
  for (let cut = first.length - SERIAL_PAD; cut >= 0 && /^\d+$/.test(first.slice(cut)); cut--) {
    const base = first.slice(0, cut);
    const firstNumber = Number(first.slice(cut));
    if (unitSerial(base, firstNumber, quantity - 1) !== last) continue;
    for (let k = 0; k < quantity; k++) {
      const serial = unitSerial(base, firstNumber, k);
      if (serial.toUpperCase() === wanted) return serial;
    }
    return undefined;
  }
  return undefined;
}
