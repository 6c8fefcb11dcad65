import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { devRuntimeConfig } from './dev-config.ts';

describe('devRuntimeConfig', () => {
  it('takes every remote from its dev server by default', () => {
    assert.deepEqual(devRuntimeConfig({}).remotes, {
      certificates: 'http://localhost:3001/mf-manifest.json',
      machines: 'http://localhost:3002/mf-manifest.json',
      landing: 'http://localhost:3003/mf-manifest.json',
    });
  });

  it('takes one remote from any URL, the others from their dev servers', () => {
    const config = devRuntimeConfig({
      REMOTE_MACHINES_URL: ' https://cdn.example.com/machines/mf-manifest.json ',
    });
    assert.equal(config.remotes.machines, 'https://cdn.example.com/machines/mf-manifest.json');
    assert.equal(config.remotes.certificates, 'http://localhost:3001/mf-manifest.json');
  });

  for (const wrong of [
    'localhost:3002/mf-manifest.json',
    'javascript:alert(1)//x.json',
    'http://localhost:3002/',
    'ftp://x/mf-manifest.json',
  ])
    it(`refuses REMOTE_MACHINES_URL=${wrong} naming the variable`, () => {
      assert.throws(
        () => devRuntimeConfig({ REMOTE_MACHINES_URL: wrong }),
        /^Error: REMOTE_MACHINES_URL muss die http\(s\)-Adresse eines mf-manifest\.json \(z\. B\. http:\/\/localhost:3002\/mf-manifest\.json\) sein, ist aber „/,
      );
    });

  it('takes an external label page, refusing anything but http(s)', () => {
    assert.equal(devRuntimeConfig({ LABEL_PRINT_URL: ' ' }).labelPrintUrl, null);
    assert.equal(
      devRuntimeConfig({ LABEL_PRINT_URL: 'https://labels.example.com/print' }).labelPrintUrl,
      'https://labels.example.com/print',
    );
    assert.throws(
      () => devRuntimeConfig({ LABEL_PRINT_URL: 'javascript:alert(1)' }),
      /^Error: LABEL_PRINT_URL muss eine http\(s\)-Adresse sein, ist aber „javascript:alert\(1\)“$/,
    );
  });
});
