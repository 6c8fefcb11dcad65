/** What the customer page needs from the runtime config (`/config.json`, docs/decisions/0007-runtime-config.md). */
export interface LandingConfig {
  /** API base without a trailing slash, e.g. `/api`. */
  apiBase: string;
  companyName: string;
  companyAddress: string;
}
