import { describe, expect, it } from '@jest/globals';
import { isVerifyPath, landingRoute } from './route';

describe('landingRoute', () => {
  it('reads the machine id and the serial', () => {
    expect(landingRoute('/landing/7/4852406001')).toEqual({ machine: { id: '7' }, serial: '4852406001' });
  });

  it('has no serial on the route without one', () => {
    expect(landingRoute('/landing/7')).toEqual({ machine: { id: '7' }, serial: undefined });
    expect(landingRoute('/landing/7/')).toEqual({ machine: { id: '7' }, serial: undefined });
    expect(landingRoute('/landing')).toEqual({ machine: { id: '' }, serial: undefined });
  });

  it('decodes the segments and keeps a malformed one as it is', () => {
    expect(landingRoute('/landing/7/OK%2D2%20001')).toEqual({ machine: { id: '7' }, serial: 'OK-2 001' });
    expect(landingRoute('/landing/7/%E0%A4%A')).toEqual({ machine: { id: '7' }, serial: '%E0%A4%A' });
  });

  it('reads the GTIN and the serial of a GS1 Digital Link, checked by the API only', () => {
    expect(landingRoute('/01/04006381333931/21/4852406001')).toEqual({
      machine: { gtin: '04006381333931' },
      serial: '4852406001',
    });
    expect(landingRoute('/01/04006381333931')).toEqual({ machine: { gtin: '04006381333931' } });
    expect(landingRoute('/01/0400638133393x/21/OK%2D2')).toEqual({
      machine: { gtin: '0400638133393x' },
      serial: 'OK-2',
    });
    // Not a Digital Link this page knows: no machine.
    expect(landingRoute('/01/04006381333931/10/LOT1')).toEqual({ machine: { id: '' }, serial: undefined });
  });

  it('knows the verification page, with or without a trailing slash, and nothing else as it', () => {
    expect(isVerifyPath('/landing/verify')).toBe(true);
    expect(isVerifyPath('/landing/verify/')).toBe(true);
    expect(isVerifyPath('/landing/verify/4852406001')).toBe(false);
    expect(isVerifyPath('/landing/7/verify')).toBe(false);
  });
});
