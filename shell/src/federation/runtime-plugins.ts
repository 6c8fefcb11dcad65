import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Extra attempts after the first one. */
  retries: number;
  /** Delay before the first retry; doubles each time. */
  delayMs: number;
}

/**
 * Layer 1 of docs/architecture.md#module-federation: a brief network hiccup or a deploy in progress should not show a fallback.
 * Manifests are fetched again on network errors and 5xx answers; a remote entry script that failed is loaded once more.
 */
export function retryPlugin(
  { retries, delayMs }: RetryOptions = { retries: 2, delayMs: 300 },
): ModuleFederationRuntimePlugin {
  return {
    name: 'pruefbericht-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await wait(delayMs * 2 ** (attempt - 1));
        try {
          const response = await fetch(url, init);
          if (response.status < 500 || attempt === retries) return response;
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      // The failed load is still registered while this hook runs; drop it or the retry would wait for itself.
      delete globalLoading[uniqueKey];
      const retried = wait(delayMs)
        .then(() => getRemoteEntry({ origin, remoteInfo, remoteEntryExports }))
        .then((entry) => entry || undefined);
      // The hook's declared type nests one promise more than the runtime awaits; the value is the same.
      return retried as unknown as ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;
    },
  };
}

/**
 * Layer 2: a remote that still fails resolves to a German fallback screen (with a retry button) instead of
 * an exception, so the shell and the other tabs keep working. Manifest errors (`afterResolve`) are left to
 * fail, because there the hook's answer would be taken as a manifest; they reach this hook again as `onLoad`.
 */
export function fallbackPlugin(fallback: ComponentType): ModuleFederationRuntimePlugin {
  return {
    name: 'pruefbericht-fallback',
    errorLoadRemote({ lifecycle, id, error }) {
      if (lifecycle !== 'onLoad' && lifecycle !== 'beforeRequest') return undefined;
      console.warn(`Remote ${id} nicht verfügbar`, error);
      return { default: fallback, unavailable: true };
    },
  };
}
