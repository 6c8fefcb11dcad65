import { describe, expect, it } from '@jest/globals';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { defineCatalogs, enablePseudoLanguage } from './i18n';
import { pseudoMessages } from './pseudo';

/** As scripts/webpack/catalog-loader.cjs hands them to the browser. */
const compiled = (catalog: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, compileMessage(message)]));

describe('pseudoMessages', () => {
  const i18n = setupI18n({
    locale: 'pseudo',
    locales: ['de-DE'],
    messages: {
      pseudo: pseudoMessages(
        compiled({
          plain: 'Zertifikat erstellen',
          units: '{count, plural, one {# Einheit} other {# Einheiten}} für {name}',
          role: '{role, select, admin {Verwaltung} other {Lesen}}',
          amount: 'Menge: {n, number}',
        }),
      ),
    },
  });

  it('accents every letter, doubles every vowel, and brackets the message', () => {
    expect(i18n._('plain')).toBe('[Ẑééŕţîîƒîîķååţ ééŕšţééļļééñ]');
  });

  it('keeps placeholders, plural and select branches and German numbers', () => {
    expect(i18n._('units', { count: 1, name: 'Ada' })).toBe('[1 ÉÉîîñĥééîîţ ƒüüŕ Ada]');
    expect(i18n._('units', { count: 1000, name: 'Ada' })).toBe('[1.000 ÉÉîîñĥééîîţééñ ƒüüŕ Ada]');
    expect(i18n._('role', { role: 'admin' })).toBe('[Ṽééŕŵååļţûûñĝ]');
    expect(i18n._('role', { role: 'x' })).toBe('[Ļééšééñ]');
    expect(i18n._('amount', { n: 1234.5 })).toBe('[Ṁééñĝéé: 1.234,5]');
  });
});

describe('enablePseudoLanguage', () => {
  it('turns the German catalogs registered before and after it into pseudo text', async () => {
    const before = defineCatalogs('before', compiled({ hello: 'Hallo {name}' }), {
      en: async () => ({ default: {} }),
      pl: async () => ({ default: {} }),
    });
    await enablePseudoLanguage();
    const after = defineCatalogs('after', compiled({ save: 'SPEICHERN' }), {
      en: async () => ({ default: {} }),
      pl: async () => ({ default: {} }),
    });
    expect(before.t('hello', { name: 'Ada' })).toBe('[Ĥååļļöö Ada]');
    expect(after.t('save')).toBe('[ŠÞÉÉÎÎÇĤÉÉŔÑ]');
  });
});
