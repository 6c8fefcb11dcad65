import { apiPaths, berlinYear, SERIAL_MAX_LENGTH, type Landing } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import type { LandingConfig } from '../config';

/** A weak mobile connection may be slow, but the page must not stay on 'Data loading ...' for ever. */
export const LANDING_TIMEOUT_MS = 15_000;

export type LandingFailure = 'not-found' | 'throttled' | 'failed';

/** The machine a QR code names: by its id, or by the GTIN of its EAN (a GS1 Digital Link, contracts/src/gs1.ts). */
export type MachineRef = { id: string } | { gtin: string };

/** The API path for the machine, or null when the reference cannot name one. */
function machinePath(machine: MachineRef): string | null {
  // A machine id is a positive integer; a GTIN-14 is 14 digits, its check digit the API's to judge.
  if ('gtin' in machine) return /^\d{14}$/.test(machine.gtin) ? apiPaths.landingByGtin(machine.gtin) : null;
  const id = Number(machine.id);
  return /^[1-9]\d{0,15}$/.test(machine.id) && Number.isSafeInteger(id) ? apiPaths.landing(id) : null;
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

/** `year` is the footer's: from the server's clock where readable, so a phone with a wrong date still
 * shows this year (a bug of the earlier app, docs/earlier-app.md). */
export type LandingState =
  | { status: 'loading' }
  | { status: 'ready'; config: LandingConfig; landing: Landing; year: number }
  | { status: LandingFailure; config: LandingConfig | null; year: number };

const LOADING: LandingState = { status: 'loading' };

/**
 * The machine behind the QR code, fetched without a token. Ends in 'ready', 'not-found' or 'failed' (never
 * stuck loading: the request has a timeout); `retry` asks again, the config included if that failed.
 */
export function useLanding(
  loadConfig: () => Promise<LandingConfig>,
  machine: MachineRef,
  serial: string | undefined,
): { state: LandingState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // Plain values, not the object: a caller's new object for the same machine must not fetch again.
  const [by, value] = 'gtin' in machine ? ['gtin', machine.gtin] : ['id', machine.id];
  const key = JSON.stringify([by, value, serial ?? null, attempt]);
  // The settled answer belongs to one key; a new route or a retry shows 'loading' until its own answer.
  const [settled, setSettled] = useState<{ key: string; state: LandingState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let config: LandingConfig | null = null;
    loadConfig()
      .then((loaded) => {
        config = loaded;
        return getLanding(
          loaded.apiBase,
          by === 'gtin' ? { gtin: value } : { id: value },
          serial,
          controller.signal,
        );
      })
      .then(
        ({ landing, serverDate }): LandingState => ({
          status: 'ready',
          config: config!,
          landing,
          year: berlinYear(serverDate ?? new Date()),
        }),
        (error: unknown): LandingState => {
          console.error(error);
          const known = error instanceof LandingError ? error : null;
          return {
            status: known?.kind ?? 'failed',
            config,
            year: berlinYear(known?.serverDate ?? new Date()),
          };
        },
      )
      .then((state) => {
        if (!controller.signal.aborted) setSettled({ key, state });
      });
    return () => controller.abort();
  }, [key, loadConfig, by, value, serial]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: settled?.key === key ? settled.state : LOADING, retry };
}
