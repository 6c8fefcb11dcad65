import { describe, expect, it } from '@jest/globals';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to a deep link of this app, with its query and fragment', () => {
    expect(returnPath('/certificates/7')).toBe('/certificates/7');
    expect(returnPath('/?tab=certificate_list&from=2026-11-01')).toBe(
      '/?tab=certificate_list&from=2026-11-01',
    );
    expect(returnPath('/units/4852611004#verlauf')).toBe('/units/4852611004#verlauf');
  });

  it('never leaves the app, and never returns to the sign-in itself', () => {
    for (const wanted of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?x=1',
    ])
      expect(returnPath(wanted)).toBe('/');
    expect(returnPath('/login-hilfe')).toBe('/login-hilfe');
  });
});
