import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
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

type ShareScopeMap = Parameters<
  NonNullable<ModuleFederationRuntimePlugin['beforeGetExpose']>
>[0]['origin']['shareScopeMap'];

/** Why `remote` cannot run on the singletons this page has loaded: one line per shared module, none when it can. */
export function sharedVersionProblems(shareScopeMap: ShareScopeMap, remote: string): string[] {
  return Object.values(shareScopeMap).flatMap((packages) =>
    Object.entries(packages).flatMap(([name, versions]) => {
      const loaded = Object.keys(versions).find(
        (version) => versions[version].loaded || versions[version].loading,
      );
      if (loaded === undefined) return [];
      return Object.entries(versions)
        .filter(([, shared]) => shared.from === remote && shared.shareConfig.singleton)
        .filter(
          ([, { shareConfig }]) =>
            typeof shareConfig.requiredVersion === 'string' && !satisfy(loaded, shareConfig.requiredVersion),
        )
        .map(
          ([built, { shareConfig }]) =>
            `${name}: ${remote} braucht ${shareConfig.requiredVersion} (gebaut mit ${built}), geladen ist ${loaded}`,
        );
    }),
  );
}

/**
 * A remote built for another version of a shared singleton than the one this page runs (another major version of
 * react or shared-ui) is refused before any of its code runs; layer 2 then shows its fallback, and the console
 * names both versions. The remote's entry has registered its shared modules by then (each with the range it
 * needs, scripts/webpack/shared.ts), so the check uses the runtime's own records and semver. The runtime's own
 * `strictVersion` refuses only the one import that does not fit, after the remote's code started, and a second
 * load of the same screen then ran with React undefined.
 */
export function sharedVersionPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pruefbericht-shared-versions',
    beforeGetExpose({ moduleInfo, origin }) {
      const problems = sharedVersionProblems(origin.shareScopeMap, moduleInfo.name);
      if (problems.length)
        throw new Error(`Version der geteilten Module passt nicht: ${problems.join('; ')}`);
    },
  };
}
