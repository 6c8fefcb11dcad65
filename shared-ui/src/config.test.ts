import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { getConfig, loadConfig, setConfig, type RuntimeConfig } from './config';

const sample: RuntimeConfig = {
  apiBase: '/api/',
  webBase: 'https://example.com/',
  remotes: { certificates: '/c.json', machines: '/m.json', landing: '/l.json' },
  labelPrintUrl: null,
  companyName: 'BDS',
  companyAddress: 'Mönchengladbach',
};

function mockFetch(...responses: Array<Response | Error>) {
  const fn = jest.fn<typeof fetch>();
  for (const response of responses) {
    if (response instanceof Error) fn.mockRejectedValueOnce(response);
    else fn.mockResolvedValueOnce(response);
  }
  globalThis.fetch = fn;
  return fn;
}

const ok = () => ({ ok: true, status: 200, json: async () => sample }) as unknown as Response;

afterEach(() => setConfig(null));

describe('runtime config', () => {
  it('loads /config.json once and strips trailing slashes', async () => {
    const fetchMock = mockFetch(ok());
    const [a, b] = await Promise.all([loadConfig(), loadConfig()]);
    expect(a).toBe(b);
    expect(await loadConfig()).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/config.json');
    expect(getConfig().apiBase).toBe('/api');
    expect(getConfig().webBase).toBe('https://example.com');
  });

  it('can be retried after a failed load', async () => {
    const notFound = { ok: false, status: 503 } as unknown as Response;
    const fetchMock = mockFetch(notFound, ok());
    await expect(loadConfig()).rejects.toThrow('HTTP 503');
    await expect(loadConfig()).resolves.toMatchObject({ companyName: 'BDS' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a config that is not what contracts/src/runtime-config.ts says, naming the fields', async () => {
    const rest: Partial<RuntimeConfig> = { ...sample };
    delete rest.apiBase;
    mockFetch({ ok: true, status: 200, json: async () => ({ ...rest, remotes: {} }) } as unknown as Response);
    await expect(loadConfig()).rejects.toThrow(
      '/config.json ist fehlerhaft: „apiBase“, „remotes.certificates“, „remotes.machines“, „remotes.landing“ fehlt oder ist ungültig',
    );
    expect(() => getConfig()).toThrow(/loadConfig/);
  });

  it('refuses to be read before it is loaded', () => {
    expect(() => getConfig()).toThrow(/loadConfig/);
  });
});
