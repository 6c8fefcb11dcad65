import { Type, type Static } from '@sinclair/typebox';

/**
 * Sign-in with the company account (OpenID Connect; docs/decisions/0029-company-account-sign-in.md): the shell
 * asks for the provider's address, the browser signs in there, and back on the login page takes its session.
 */

/** Longest in-app path kept across the provider (a deep link with its query). */
export const RETURN_TO_MAX = 2000;

/** An in-app path: one leading slash, never `//` or `/\` (which a browser reads as another host). */
export const ReturnTo = Type.String({ maxLength: RETURN_TO_MAX, pattern: '^/(?![/\\\\])[^\\s]*$' });

export const CompanySignInStartBody = Type.Object({ return_to: Type.Optional(ReturnTo) });
export type CompanySignInStartBody = Static<typeof CompanySignInStartBody>;
/** The provider's address the browser goes to next. */
export const CompanySignInStart = Type.Object({ url: Type.String() });
export type CompanySignInStart = Static<typeof CompanySignInStart>;
/** The session of a finished sign-in, and where the user wanted to go. */
export const CompanySignInSession = Type.Object({ token: Type.String(), return_to: Type.String() });
export type CompanySignInSession = Static<typeof CompanySignInSession>;
/** After ending our session: the provider's sign-out address, or null when there is none to visit. */
export const CompanySignOut = Type.Object({ url: Type.Union([Type.String(), Type.Null()]) });
export type CompanySignOut = Static<typeof CompanySignOut>;
