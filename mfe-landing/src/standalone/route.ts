import { parseGs1Path } from 'contracts';
import type { MachineRef } from '../features/landing/api/get-landing';

/**
 * `/landing/{id}/{serialNo}`, `/landing/{id}` (docs/architecture.md#the-path-of-a-request), or a GS1 Digital Link
 * `/01/{GTIN-14}/21/{serialNo}` (contracts/src/gs1.ts). The standalone page reads its segments itself; a router
 * library would add kilobytes for two routes.
 */
export function landingRoute(pathname: string): { machine: MachineRef; serial?: string } {
  if (pathname.startsWith('/01/')) {
    const link = parseGs1Path(pathname);
    if (link)
      return { machine: { gtin: link.gtin }, ...(link.serial !== undefined && { serial: link.serial }) };
    return { machine: { id: '' }, serial: undefined };
  }
  const [, machineId = '', serial] = pathname.replace(/^\/+/, '').split('/');
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  return { machine: { id: decode(machineId) }, serial: serial ? decode(serial) : undefined };
}

/** The public verification page of sealed certificates (docs/decisions/0020-sealed-certificate.md). */
export const VERIFY_PATH = '/landing/verify';

export const isVerifyPath = (pathname: string) => pathname.replace(/\/+$/, '') === VERIFY_PATH;
