import { parseRuntimeConfig } from 'contracts';
import type { LandingConfig } from '../features/landing/config';

let loading: Promise<LandingConfig> | null = null;

/**
 * `/config.json`, fetched once (the page's HTML preloads it); a failed load is fetched again on retry.
 * Not shared-ui's loadConfig: importing shared-ui would bring its staff styles and axios to the customers.
 */
export function loadConfig(): Promise<LandingConfig> {
  loading ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json: HTTP ${response.status}`);
      const config = parseRuntimeConfig(await response.json());
      return { ...config, apiBase: config.apiBase.replace(/\/+$/, '') };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
