/**
 * The plain names of sign-in with the company account (company-sign-in.ts has its schemas). Apart, so that the
 * login screen takes these without the schemas and TypeBox (the shell's first-load budget, docs/architecture.md).
 */

/** The path the provider sends the browser back to, registered at the provider as `<origin>/api` + this. */
export const COMPANY_SIGN_IN_CALLBACK = '/oidc/callback';
/** The shell's login page, told by this query that a sign-in with the company account came back. */
export const COMPANY_SIGN_IN_RETURNED = 'oidc';
/** The button's text when OIDC_BUTTON_LABEL is unset; the shell shows it in the staff language. */
export const COMPANY_SIGN_IN_DEFAULT_LABEL = 'Mit Firmenkonto anmelden';
