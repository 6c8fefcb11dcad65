import path from 'node:path';
import { createAppConfig } from '../scripts/webpack/create-config.ts';
import { devPorts } from '../scripts/webpack/shared.ts';
import { devRuntimeConfig } from './dev-config.ts';
import { federation } from './module-federation.config.ts';

export default createAppConfig({
  dir: import.meta.dirname,
  federation,
  title: 'BDS PRÜFBERICHT SOFTWARE',
  port: devPorts.shell,
  favicon: path.join(import.meta.dirname, 'src/assets/favicon.svg'),
  devServer: {
    proxy: [{ context: ['/api'], target: `http://localhost:${devPorts.api}` }],
    // In dev the remotes come from their own dev servers or any URL (REMOTE_<NAME>_URL), so the shell answers
    // /config.json itself; a wrong override stops the start (dev-config.ts).
    setupMiddlewares: (middlewares, server) => {
      const config = devRuntimeConfig(process.env);
      server.app?.get('/config.json', (_request, response) => {
        response.set('Cache-Control', 'no-cache').json(config);
      });
      return middlewares;
    },
  },
});
