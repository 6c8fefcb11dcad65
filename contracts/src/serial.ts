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
