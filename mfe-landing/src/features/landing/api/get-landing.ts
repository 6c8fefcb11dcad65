import { SERIAL_MAX_LENGTH, type Landing } from 'contracts';

/** A weak mobile connection may be slow, but the page must not stay on 'Data loading ...' for ever. */
export const LANDING_TIMEOUT_MS = 15_000;

export type LandingFailure = 'not-found' | 'throttled' | 'failed';

/** The machine a QR code names: by its id, or by the GTIN of its EAN (a GS1 Digital Link, contracts/src/gs1.ts). */
export type MachineRef = { id: string } | { gtin: string };

/** The API path for the machine, or null when the reference cannot name one. */
function machinePath(machine: MachineRef): string | null {
  // A machine id is a positive integer; a GTIN-14 is 14 digits, its check digit the API's to judge.
  if ('gtin' in machine) return /^\d{14}$/.test(machine.gtin) ? `/brandMachineByGtin/${machine.gtin}` : null;
  return /^[1-9]\d{0,15}$/.test(machine.id) ? `/brandMachineById/${machine.id}` : null;
}

export class LandingError extends Error {
  constructor(
    readonly kind: LandingFailure,
    message: string,
    /** The server's clock when it answered (see LandingAnswer). */
    readonly serverDate: Date | null = null,
  ) {
    super(message);
    this.name = 'LandingError';
  }
}

export interface LandingAnswer {
  landing: Landing;
  /** The server's clock (HTTP `Date`), when the browser may read it; the footer year comes from it. */
  serverDate: Date | null;
}

function readDate(response: Response): Date | null {
  const header = response.headers.get('Date');
  const date = header ? new Date(header) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * `GET /brandMachineById/:id?serial=…` (or `/brandMachineByGtin/:gtin?serial=…`), the page's one API call.
 * Plain `fetch` without credentials instead of shared-ui's client: that client adds the staff token, and a
 * public page must never send it (docs/architecture.md#security); it also keeps axios out of the customers'
 * download.
 */
export async function getLanding(
  apiBase: string,
  machine: MachineRef,
  serial: string | undefined,
  signal: AbortSignal,
): Promise<LandingAnswer> {
  const path = machinePath(machine);
  if (!path) throw new LandingError('not-found', `no machine: ${JSON.stringify(machine)}`);
  // A serial longer than any issued one cannot be confirmed; the machine itself is still shown.
  const unconfirmable = serial !== undefined && serial.length > SERIAL_MAX_LENGTH;
  const query = serial && !unconfirmable ? `?${new URLSearchParams({ serial })}` : '';
  const url = `${apiBase}${path}${query}`;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), LANDING_TIMEOUT_MS);
  const abort = () => timeout.abort();
  signal.addEventListener('abort', abort);
  try {
    const response = await fetch(url, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
      signal: timeout.signal,
    });
    // 400 is a machine id or serial the API refuses to read: for a customer, that machine does not exist.
    if (response.status === 404 || response.status === 400) {
      throw new LandingError('not-found', `${url}: HTTP ${response.status}`, readDate(response));
    }
    // Too many look-ups from this address (a shared network, or someone guessing serials).
    if (response.status === 429) throw new LandingError('throttled', `${url}: HTTP 429`, readDate(response));
    if (!response.ok) throw new LandingError('failed', `${url}: HTTP ${response.status}`, readDate(response));
    const landing = (await response.json()) as Landing;
    if (unconfirmable) landing.serial = { value: serial, verified: false, tested_at: null, withdrawn: false };
    return { landing, serverDate: readDate(response) };
  } catch (error) {
    if (error instanceof LandingError) throw error;
    throw new LandingError('failed', `${url}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}
