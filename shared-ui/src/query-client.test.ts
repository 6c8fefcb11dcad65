import { describe, expect, it } from '@jest/globals';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { queryDefaults } from './query-client';

const withStatus = (status: number) => {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  return new AxiosError('x', 'ERR', config, null, { status, statusText: '', headers: {}, config, data: {} });
};

describe('queryDefaults', () => {
  it('retries server trouble twice but never an answer the server meant', () => {
    const retry = queryDefaults.queries!.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, withStatus(503))).toBe(true);
    expect(retry(2, withStatus(503))).toBe(false);
    expect(retry(0, new Error('network'))).toBe(true);
    expect(retry(0, withStatus(404))).toBe(false);
    expect(retry(0, withStatus(401))).toBe(false);
  });
});
