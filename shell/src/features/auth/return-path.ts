/**
 * Where a signed-out visitor was going, to return there after signing in: a path of this app only, so a
 * crafted link cannot send anyone to another site (`//evil.example`, `https://…`), and never back to `/login`.
 */
export function returnPath(wanted: string | null | undefined): string {
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/\\')) return '/';
  return /^\/login(?:[/?#]|$)/.test(wanted) ? '/' : wanted;
}

/** The key in the login page's history entry that keeps the wanted path across a reload of `/login`. */
export const RETURN_STATE_KEY = 'returnTo';
