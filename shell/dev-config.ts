import { parseRuntimeConfig, remoteNames, type RemoteKey, type RuntimeConfig } from 'contracts';
import { devPorts } from '../scripts/webpack/shared.ts';

/** `variable` as an http(s) URL that `fits`, or null when unset; anything else stops the dev server's start. */
function httpUrl(env: NodeJS.ProcessEnv, variable: string, rule: string, fits = (_url: URL) => true) {
  const raw = env[variable]?.trim();
  if (!raw) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !fits(url))
    throw new Error(`${variable} muss ${rule} sein, ist aber „${raw}“`);
  return url.href;
}

/**
 * The shell's `/config.json` in development (its dev server answers it, shell/webpack.config.ts), made when the
 * dev server starts and checked against the schema every frontend reads it with (contracts/src/runtime-config.ts).
 * Each remote comes from its own dev server, or from any `mf-manifest.json` named by `REMOTE_<NAME>_URL`
 * (README.md#developing-one-remote); a wrong value stops the start with a German message naming the variable.
 */
export function devRuntimeConfig(env: NodeJS.ProcessEnv): RuntimeConfig {
  const remotes = Object.fromEntries(
    (Object.keys(remoteNames) as RemoteKey[]).map((name) => {
      const own = `http://localhost:${devPorts[name]}/mf-manifest.json`;
      const rule = `die http(s)-Adresse eines mf-manifest.json (z. B. ${own})`;
      const override = httpUrl(env, `REMOTE_${name.toUpperCase()}_URL`, rule, (url) =>
        url.pathname.endsWith('.json'),
      );
      return [name, override ?? own];
    }),
  );
  return parseRuntimeConfig({
    apiBase: '/api',
    webBase: `http://localhost:${devPorts.shell}`,
    remotes,
    labelPrintUrl: httpUrl(env, 'LABEL_PRINT_URL', 'eine http(s)-Adresse'),
    companyName: 'BDS Maschinen GmbH',
    companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
  });
}
