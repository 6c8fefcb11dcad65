import path from 'node:path';
import { createAppConfig } from '../scripts/webpack/create-config.ts';
import { remoteNames, type RemoteKey, type RuntimeConfig } from 'contracts';
import { devPorts } from '../scripts/webpack/shared.ts';
import { federation } from './module-federation.config.ts';

/**
 * Each remote from its own dev server, or from any URL: `REMOTE_MACHINES_URL=http://localhost:4002/mf-manifest.json
 * npm run dev -w shell` runs the shell against one team's remote (README.md#developing-one-remote).
 */
const devRemotes = Object.fromEntries(
  (Object.keys(remoteNames) as RemoteKey[]).map((name) => [
    name,
    process.env[`REMOTE_${name.toUpperCase()}_URL`] || `http://localhost:${devPorts[name]}/mf-manifest.json`,
  ]),
) as RuntimeConfig['remotes'];

export default createAppConfig({
  dir: import.meta.dirname,
  federation,
  title: 'BDS PRÜFBERICHT SOFTWARE',
  port: devPorts.shell,
  favicon: path.join(import.meta.dirname, 'src/assets/favicon.svg'),
  devServer: {
    proxy: [{ context: ['/api'], target: `http://localhost:${devPorts.api}` }],
    // In dev the remotes come from their own dev servers, so the shell answers /config.json itself.
    setupMiddlewares: (middlewares, server) => {
      server.app?.get('/config.json', (_request, response) => {
        response.set('Cache-Control', 'no-cache').json({
          apiBase: '/api',
          webBase: `http://localhost:${devPorts.shell}`,
          remotes: devRemotes,
          labelPrintUrl: process.env.LABEL_PRINT_URL || null,
          companyName: 'BDS Maschinen GmbH',
          companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
        } satisfies RuntimeConfig);
      });
      return middlewares;
    },
  },
});
