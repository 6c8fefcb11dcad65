import path from 'node:path';
import { createAppConfig } from '../scripts/webpack/create-config.ts';
import type { RuntimeConfig } from 'contracts';
import { devPorts } from '../scripts/webpack/shared.ts';
import { federation } from './module-federation.config.ts';

const remoteDevUrl = (port: number) => `http://localhost:${port}/mf-manifest.json`;

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
          remotes: {
            certificates: remoteDevUrl(devPorts.certificates),
            machines: remoteDevUrl(devPorts.machines),
            landing: remoteDevUrl(devPorts.landing),
          },
          labelPrintUrl: process.env.LABEL_PRINT_URL || null,
          companyName: 'BDS Maschinen GmbH',
          companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
        } satisfies RuntimeConfig);
      });
      return middlewares;
    },
  },
});
