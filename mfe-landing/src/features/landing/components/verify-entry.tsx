import type { LandingConfig } from '../config';
import { useLazyModule } from '../hooks/use-lazy-module';

/** The verification page from a chunk of its own: the customer page's first load does not carry it. */
export function VerifyEntry({ loadConfig }: { loadConfig: () => Promise<LandingConfig> }) {
  const screen = useLazyModule(() => import(/* webpackChunkName: "verify" */ './verify-screen'));
  return screen ? <screen.default loadConfig={loadConfig} /> : null;
}
