import { createAppConfig } from '../scripts/webpack/create-config.ts';
import { devPorts } from '../scripts/webpack/shared.ts';
import { federation } from './module-federation.config.ts';

export default createAppConfig({
  dir: import.meta.dirname,
  federation,
  title: 'Prüfbericht – Maschinen (Remote)',
  port: devPorts.machines,
  devServer: { proxy: [{ context: ['/api', '/config.json'], target: `http://localhost:${devPorts.api}` }] },
});
