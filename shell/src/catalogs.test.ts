import { describe, expect, it } from '@jest/globals';
import { ROLES } from 'contracts';
// eslint-disable-next-line no-restricted-imports -- Jest only: shared-ui's test entry, never in a bundle.
import { testCatalogsComplete } from 'shared-ui/testing';
import shellDe from './locales/de.json';
import shellEn from './locales/en.json';
import shellPl from './locales/pl.json';
import appDe from './app/locales/de.json';
import appEn from './app/locales/en.json';
import appPl from './app/locales/pl.json';
import adminDe from './features/admin/locales/de.json';
import adminEn from './features/admin/locales/en.json';
import adminPl from './features/admin/locales/pl.json';
import accountDe from './features/account/locales/de.json';
import accountEn from './features/account/locales/en.json';
import accountPl from './features/account/locales/pl.json';

// Every catalog of the shell: the login screen's, the signed-in app's, the admin area's, the own account's.
testCatalogsComplete('shell', { de: shellDe, en: shellEn, pl: shellPl });
testCatalogsComplete('app', { de: appDe, en: appEn, pl: appPl });
testCatalogsComplete('admin', { de: adminDe, en: adminEn, pl: adminPl });
testCatalogsComplete('account', { de: accountDe, en: accountEn, pl: accountPl });

describe('the names the shell shows for codes', () => {
  it('name every role', () => {
    const roles = Object.keys(appDe).filter((key) => key.startsWith('role.'));
    expect(roles.sort()).toEqual(ROLES.map((role) => `role.${role}`).sort());
  });

  it('use a Polish plural where a count meets a noun', () => {
    expect(adminPl['accounts.tooShort']).toMatch(/\{min, plural, one \{.*\} few \{.*\} many \{.*\} other/);
    expect(accountPl['password.tooShort']).toMatch(/\{min, plural, one \{.*\} few \{.*\} many \{.*\} other/);
  });
});
