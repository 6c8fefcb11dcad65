import { apiPaths, type CompanySignInSession, type CompanySignInStart, type CompanySignOut } from 'contracts';
import { http } from 'shared-ui';

// Plain fetchers without TanStack Query hooks: the login screen loads without TanStack Query
// (docs/architecture.md#budgets). Sign-in with the company account: docs/decisions/0029-company-account-sign-in.md.

/** The provider's address for a new sign-in that comes back to `returnTo`. */
export async function startCompanySignIn(returnTo: string): Promise<string> {
  const { data } = await http.post<CompanySignInStart>(apiPaths.companySignInStart(), {
    return_to: returnTo,
  });
  return data.url;
}

/** The session of the sign-in that just came back from the provider (the API knows it by its cookie). */
export async function takeCompanySession(): Promise<CompanySignInSession> {
  const { data } = await http.post<CompanySignInSession>(apiPaths.companySignInSession());
  return data;
}

/** Ends the session and answers the provider's sign-out address, when the session came from it. */
export async function companySignOut(): Promise<string | null> {
  const { data } = await http.post<CompanySignOut>(apiPaths.companySignOut());
  return data.url;
}
