import axios, { AxiosError, type AxiosInstance } from 'axios';
import { API_ERROR_CODES, type ApiError, type ApiErrorCode } from 'contracts';
import { clearToken, getToken } from './auth';
import { sharedCatalogs } from './catalogs';
import { getConfig } from './config';
import { navigateTo } from './navigation';
import { notify, SESSION_EXPIRED_TOAST_ID } from './toasts';

/**
 * Requests whose 401 is not "your session expired": a wrong password on /login, and signing out
 * with a session that is already gone (the user is leaving anyway).
 */
const CREDENTIAL_PATHS = ['/login', '/login/second-factor', '/logout'];

type Listener = () => void;
const forbiddenListeners = new Set<Listener>();

/**
 * Called whenever the API answers 403: the account's roles changed, or it must first change its password or
 * set up two-factor sign-in. The shell then fetches the account again and shows what it now may do.
 */
export function subscribeForbidden(listener: Listener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

function createHttp(): AxiosInstance {
  const instance = axios.create({ headers: { Accept: 'application/json' } });

  instance.interceptors.request.use((request) => {
    request.baseURL ??= getConfig().apiBase;
    const token = getToken();
    // Raw, without a scheme, as the earlier app sent it (docs/decisions/0003-raw-token-header.md); `Bearer` works too.
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', token);
    return request;
  });

  instance.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401 && !isCredentialRequest(error)) {
      clearToken();
      notify.error(sharedCatalogs.t('sessionExpired'), { toastId: SESSION_EXPIRED_TOAST_ID });
      navigateTo('/login', { replace: true });
    }
    if (axios.isAxiosError(error) && error.response?.status === 403)
      for (const listener of forbiddenListeners) listener();
    return Promise.reject(error);
  });

  return instance;
}

function isCredentialRequest(error: AxiosError): boolean {
  const url = error.config?.url ?? '';
  return CREDENTIAL_PATHS.some((path) => url === path || url.endsWith(path));
}

/** The one HTTP client of every app (docs/architecture.md#frontend): remotes never create their own. */
export const http = createHttp();

/** The API's German message from an error answer, if there is one. */
export function apiErrorMessage(error: unknown): string | null {
  if (!axios.isAxiosError(error)) return null;
  const body = error.response?.data as Partial<ApiError> | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

/** The API's error code (`STALE_VERSION`, …) from an error answer, if there is one. */
export function apiErrorCode(error: unknown): ApiErrorCode | null {
  if (!axios.isAxiosError(error)) return null;
  const body = error.response?.data as Partial<ApiError> | undefined;
  const code: unknown = body?.error?.code;
  return isApiErrorCode(code) ? code : null;
}

function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && (API_ERROR_CODES as readonly string[]).includes(code);
}

/** The API's per-field German messages (400 answers), keyed by field name. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError(error)) return {};
  const body = error.response?.data as Partial<ApiError> | undefined;
  return body?.error?.fields ?? {};
}

/** True when the server answered (any status), false for network errors and timeouts. */
export function isHttpError(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response !== undefined;
}
