import { describe, expect, it } from '@jest/globals';
import { AxiosError, AxiosHeaders } from 'axios';
import { httpStatus, retryAfterSeconds } from './http-status';

describe('httpStatus', () => {
  it('reads the status of an answered request', () => {
    const config = { headers: new AxiosHeaders() };
    const response = { status: 404, data: {}, statusText: '', headers: {}, config };
    expect(httpStatus(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))).toBe(404);
  });

  it('is undefined when no answer came, or for anything that is not a request error', () => {
    expect(httpStatus(new AxiosError('offline', 'ERR_NETWORK'))).toBeUndefined();
    expect(httpStatus(new Error('boom'))).toBeUndefined();
    expect(httpStatus(null)).toBeUndefined();
    expect(httpStatus(undefined)).toBeUndefined();
  });
});

describe('retryAfterSeconds', () => {
  it('reads the seconds of a throttled answer, and nothing without a usable header', () => {
    const config = { headers: new AxiosHeaders() };
    const answer = (headers: Record<string, string>) =>
      new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, {
        status: 429,
        data: {},
        statusText: '',
        headers,
        config,
      });
    expect(retryAfterSeconds(answer({ 'retry-after': '900' }))).toBe(900);
    expect(retryAfterSeconds(answer({}))).toBeUndefined();
    expect(retryAfterSeconds(answer({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }))).toBeUndefined();
    expect(retryAfterSeconds(new Error('boom'))).toBeUndefined();
  });
});
