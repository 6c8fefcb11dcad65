import type { Page, Route } from '@playwright/test';

/** How a faked failure looks: the connection refused, a proxy's bare 500 page, or the API's German 503. */
export type Failure = 'abort' | 500 | 503;
export const FAILURES: Failure[] = ['abort', 500, 503];

/** The API's answer while the database is down (api/src/plugins/error-handler.ts). */
export const DATABASE_DOWN_MESSAGE =
  'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';

async function fail(route: Route, failure: Failure) {
  if (failure === 'abort') return route.abort('connectionrefused');
  if (failure === 500)
    return route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' });
  return route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'DATABASE_UNAVAILABLE', message: DATABASE_DOWN_MESSAGE } }),
  });
}

export interface RouteCounter {
  /** URLs of the requests that were routed, in order. */
  urls: string[];
}

/** Requests to `url` (with `method`, when given) fail as `failure`; the others pass. */
export async function failApi(
  page: Page,
  url: RegExp,
  failure: Failure,
  method?: string,
): Promise<RouteCounter> {
  const counter: RouteCounter = { urls: [] };
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    counter.urls.push(route.request().url());
    await fail(route, failure);
  });
  return counter;
}

/** Requests to `url` (with `method`, when given) reach the server only after `ms`. */
export async function slowApi(page: Page, url: RegExp, method?: string, ms = 3_000): Promise<RouteCounter> {
  const counter: RouteCounter = { urls: [] };
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    counter.urls.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have moved on meanwhile.
    await route.continue().catch(() => {});
  });
  return counter;
}

export interface HeldRoute extends RouteCounter {
  /** Resolves once the first request has waited its `ms`: its answer is due, and held until release(). */
  due: Promise<void>;
  /** Lets every held request (and every later one, after its `ms`) through to the server. */
  release(): void;
}

/**
 * As slowApi, but an answer also waits for release(): a test can check the page while the request is
 * certainly still unanswered, at the end of its `ms`, without sleeping itself.
 */
export async function heldApi(page: Page, url: RegExp, method?: string, ms = 3_000): Promise<HeldRoute> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markDue = () => {};
  const due = new Promise<void>((resolve) => (markDue = resolve));
  const held: HeldRoute = { urls: [], due, release: () => release() };
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    held.urls.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, ms));
    markDue();
    await released;
    // The page may have moved on meanwhile.
    await route.continue().catch(() => {});
  });
  return held;
}
