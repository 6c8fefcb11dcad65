/** Public address a unit's QR code encodes; without a serial it is the machine's product page. */
export function landingUrl(webBase: string, machineId: number, serial?: string): string {
  const base = `${webBase.replace(/\/+$/, '')}/landing/${machineId}`;
  return serial ? `${base}/${encodeURIComponent(serial)}` : base;
}
