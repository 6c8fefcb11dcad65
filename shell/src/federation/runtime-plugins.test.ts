import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fallbackPlugin, retryPlugin, sharedVersionPlugin } from './runtime-plugins';

const Fallback = () => null;
type Hook = (...args: unknown[]) => unknown;
const hook = (plugin: object, name: string) => (plugin as Record<string, Hook>)[name];

afterEach(() => {
  jest.restoreAllMocks();
});

describe('fallbackPlugin', () => {
  it('turns a failed remote into the fallback screen', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const errorLoadRemote = hook(fallbackPlugin(Fallback), 'errorLoadRemote');
    expect(
      errorLoadRemote({ lifecycle: 'onLoad', id: 'mfe_machines/MachineList', error: new Error() }),
    ).toEqual({
      default: Fallback,
      unavailable: true,
    });
    expect(errorLoadRemote({ lifecycle: 'beforeRequest', id: 'x', error: new Error() })).toMatchObject({
      default: Fallback,
    });
  });

  it('never answers a manifest or shared-module failure with a screen', () => {
    const errorLoadRemote = hook(fallbackPlugin(Fallback), 'errorLoadRemote');
    expect(errorLoadRemote({ lifecycle: 'afterResolve', id: '/m.json', error: new Error() })).toBeUndefined();
    expect(
      errorLoadRemote({ lifecycle: 'beforeLoadShare', id: 'react', error: new Error() }),
    ).toBeUndefined();
  });
});

describe('retryPlugin', () => {
  const ok = { status: 200 } as Response;
  const unavailable = { status: 503 } as Response;

  it('fetches a manifest again after network errors and 5xx answers', async () => {
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(unavailable)
      .mockResolvedValueOnce(ok);
    globalThis.fetch = fetchMock;
    const fetchHook = hook(retryPlugin({ retries: 2, delayMs: 1 }), 'fetch');
    await expect(fetchHook('/m.json', {})).resolves.toBe(ok);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after the retries', async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const fetchHook = hook(retryPlugin({ retries: 1, delayMs: 1 }), 'fetch');
    await expect(fetchHook('/m.json', {})).rejects.toThrow('Failed to fetch');
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry an answer that will not change (404)', async () => {
    const notFound = { status: 404 } as Response;
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(notFound);
    const fetchHook = hook(retryPlugin({ retries: 2, delayMs: 1 }), 'fetch');
    await expect(fetchHook('/m.json', {})).resolves.toBe(notFound);
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('loads a failed remote entry once more, after dropping the failed load', async () => {
    const entry = { get: () => {}, init: () => {} };
    const getRemoteEntry = jest.fn(async () => entry);
    const globalLoading: Record<string, unknown> = { key: Promise.resolve() };
    const loadEntryError = hook(retryPlugin({ retries: 2, delayMs: 1 }), 'loadEntryError');
    await expect(
      loadEntryError({ getRemoteEntry, origin: {}, remoteInfo: {}, globalLoading, uniqueKey: 'key' }),
    ).resolves.toBe(entry);
    expect(globalLoading).toEqual({});
    expect(getRemoteEntry).toHaveBeenCalledTimes(1);
  });
});

describe('sharedVersionPlugin', () => {
  const share = (from: string, requiredVersion: string, loaded = false) => ({
    from,
    loaded,
    shareConfig: { singleton: true, requiredVersion },
  });
  const check = (shareScopeMap: object) => () =>
    hook(
      sharedVersionPlugin(),
      'beforeGetExpose',
    )({
      moduleInfo: { name: 'mfe_machines' },
      origin: { shareScopeMap },
    });

  it('refuses a remote that needs another major version than the loaded one, naming both', () => {
    const scope = {
      default: {
        'shared-ui': { '1.0.0': share('shell', '^1.0.0', true), '2.0.0': share('mfe_machines', '^2.0.0') },
      },
    };
    expect(check(scope)).toThrow(
      'shared-ui: mfe_machines braucht ^2.0.0 (gebaut mit 2.0.0), geladen ist 1.0.0',
    );
  });

  it('lets a remote built with a newer minor version run on the loaded copy', () => {
    const scope = {
      default: {
        react: { '19.3.1': share('shell', '^19.2.0', true), '19.9.0': share('mfe_machines', '^19.2.0') },
      },
    };
    expect(check(scope)()).toBeUndefined();
  });

  it('ignores modules nothing has loaded yet and other remotes’ requirements', () => {
    const scope = {
      default: {
        'react-dom/server': { '18.3.1': share('mfe_machines', '^18.3.0') },
        react: { '19.3.1': share('shell', '^19.2.0', true), '18.3.1': share('mfe_certificates', '^18.3.0') },
      },
    };
    expect(check(scope)()).toBeUndefined();
  });
});
