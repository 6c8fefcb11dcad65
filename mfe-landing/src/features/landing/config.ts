import type { RuntimeConfig } from 'contracts';

/** What the customer page needs from the runtime config (`/config.json`, docs/decisions/0007-runtime-config.md). */
export type LandingConfig = Pick<
  RuntimeConfig,
  'apiBase' | 'companyName' | 'companyAddress' | 'companyEmail' | 'companyPhone' | 'companyLogo'
>;
