import type { Landing } from 'contracts';
import { berlinYear } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import { getLanding, LandingError, type LandingFailure, type MachineRef } from '../api/get-landing';
import type { LandingConfig } from '../config';

/** `year` is the footer's: from the server's clock where readable, so a phone with a wrong date still
 * shows this year (a bug of the earlier app). */
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
