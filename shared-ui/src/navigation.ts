/**
 * Code outside React (the HTTP client) navigates through the router the shell registers here,
 * so a 401 does not reload the page; without a router it falls back to a full navigation.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
