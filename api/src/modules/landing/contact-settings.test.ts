import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../config';
import { contactSettingsNotice, missingContactSettings } from './contact-settings';

describe('company contact settings at start', () => {
  test('the defaults name both missing settings and the brand fallback', () => {
    const config = loadConfig({});
    assert.deepEqual(missingContactSettings(config), ['COMPANY_EMAIL', 'COMPANY_PHONE']);
    assert.match(contactSettingsNotice(config)!, /COMPANY_EMAIL, COMPANY_PHONE\. .*Marke/);
  });

  test('one set: the other is named; both set: nothing is said', () => {
    const email = loadConfig({ COMPANY_EMAIL: 'service@firma.example' });
    assert.deepEqual(missingContactSettings(email), ['COMPANY_PHONE']);
    assert.equal(
      contactSettingsNotice(
        loadConfig({ COMPANY_EMAIL: 'service@firma.example', COMPANY_PHONE: '+49 2161 1234' }),
      ),
      null,
    );
  });
});
