import { parseRuntimeConfig, type RuntimeConfig } from 'contracts';

/** Runtime configuration from `/config.json` (docs/decisions/0007-runtime-config.md): one build runs on any host. */
export type { RuntimeConfig };

let current: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

function normalise(raw: RuntimeConfig): RuntimeConfig {
  return { ...raw, apiBase: withoutTrailingSlash(raw.apiBase), webBase: withoutTrailingSlash(raw.webBase) };
}

/** Loads `/config.json` once; every later call gets the same promise. A failed load may be retried. */
export function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  loading ??= fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      // A wrong config fails here, naming its fields, not later as a broken screen (contracts/src/runtime-config.ts).
      current = normalise(parseRuntimeConfig(await response.json()));
      return current;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The loaded configuration; the apps load it before they render anything. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config not loaded yet: call loadConfig() first');
  return current;
}

/** For standalone pages and tests that already know their configuration. */
export function setConfig(config: RuntimeConfig | null): void {
  current = config && normalise(config);
  loading = null;
}
