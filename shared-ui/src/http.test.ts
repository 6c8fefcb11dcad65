import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { toast } from 'react-toastify';
import { getToken, setToken } from './auth';
import { setConfig } from './config';
import { apiErrorMessage, apiFieldErrors, http, isHttpError } from './http';
import { setNavigator } from './navigation';

function answer(status: number, data: unknown): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const response = { status, data, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
}

const navigate = jest.fn();
let seen: InternalAxiosRequestConfig | null = null;

beforeEach(() => {
  setConfig({
    apiBase: 'https://api.example.com/api',
    webBase: 'https://example.com',
    remotes: { certificates: '', machines: '', landing: '' },
    labelPrintUrl: null,
    companyName: '',
    companyAddress: '',
  });
  setNavigator(navigate);
  seen = null;
});

afterEach(() => {
  window.localStorage.clear();
  navigate.mockReset();
  jest.restoreAllMocks();
});

function capture(adapter: AxiosAdapter): AxiosAdapter {
  return (config) => {
    seen = config;
    return adapter(config);
  };
}

describe('http', () => {
  it('uses the API base from the runtime config and sends the raw token', async () => {
    setToken('tok123');
    await http.get('/brands', { adapter: capture(answer(200, { data: [] })) });
    expect(seen?.baseURL).toBe('https://api.example.com/api');
    expect(AxiosHeaders.from(seen!.headers).get('Authorization')).toBe('tok123');
  });

  it('sends no Authorization header without a token', async () => {
    await http.get('/healthz', { adapter: capture(answer(200, {})) });
    expect(AxiosHeaders.from(seen!.headers).has('Authorization')).toBe(false);
  });

  it('on 401 removes the token, shows the German toast once and goes to /login replacing history', async () => {
    const toastSpy = jest.spyOn(toast, 'error');
    setToken('old');
    await expect(http.get('/brands', { adapter: answer(401, {}) })).rejects.toBeInstanceOf(AxiosError);
    expect(getToken()).toBeNull();
    expect(toastSpy).toHaveBeenCalledWith(
      'Token abgelaufen, bitte melden Sie sich an',
      expect.objectContaining({ toastId: 'session-expired' }),
    );
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 401 from /login is a wrong password, not an expired session', async () => {
    setToken('keep');
    await expect(http.post('/login', {}, { adapter: answer(401, {}) })).rejects.toBeInstanceOf(AxiosError);
    expect(getToken()).toBe('keep');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 401 while signing out needs no "expired" message', async () => {
    const toastSpy = jest.spyOn(toast, 'error');
    setToken('gone');
    await expect(http.post('/logout', {}, { adapter: answer(401, {}) })).rejects.toBeInstanceOf(AxiosError);
    expect(toastSpy).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('other errors leave the session alone', async () => {
    setToken('keep');
    await expect(http.get('/brands', { adapter: answer(500, {}) })).rejects.toBeInstanceOf(AxiosError);
    expect(getToken()).toBe('keep');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reads German messages and field errors from error answers', async () => {
    const body = {
      error: { code: 'BAD_INPUT', message: 'Ungültige Eingabe', fields: { name: 'Pflichtfeld' } },
    };
    const error = await http.get('/x', { adapter: answer(400, body) }).catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(apiErrorMessage(error)).toBe('Ungültige Eingabe');
    expect(apiFieldErrors(error)).toEqual({ name: 'Pflichtfeld' });
    expect(isHttpError(new Error('network'))).toBe(false);
    expect(apiErrorMessage(new Error('x'))).toBeNull();
  });
});
