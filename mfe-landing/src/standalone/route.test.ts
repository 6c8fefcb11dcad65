import { describe, expect, it } from '@jest/globals';
import { landingRoute } from './route';

describe('landingRoute', () => {
  it('reads the machine id and the serial', () => {
    expect(landingRoute('/landing/7/4852406001')).toEqual({ machineId: '7', serial: '4852406001' });
  });

  it('has no serial on the route without one', () => {
    expect(landingRoute('/landing/7')).toEqual({ machineId: '7', serial: undefined });
    expect(landingRoute('/landing/7/')).toEqual({ machineId: '7', serial: undefined });
    expect(landingRoute('/landing')).toEqual({ machineId: '', serial: undefined });
  });

  it('decodes the segments and keeps a malformed one as it is', () => {
    expect(landingRoute('/landing/7/OK%2D2%20001')).toEqual({ machineId: '7', serial: 'OK-2 001' });
    expect(landingRoute('/landing/7/%E0%A4%A')).toEqual({ machineId: '7', serial: '%E0%A4%A' });
  });
});
