/** What the customer page needs from the runtime config (`/config.json`, DESIGN §2). */
export interface LandingConfig {
  /** API base without a trailing slash, e.g. `/api`. */
  apiBase: string;
  companyName: string;
  companyAddress: string;
}
