import { describe, expect, it } from '@jest/globals';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  CERTIFICATE_STATUS_LABELS,
  CERTIFICATE_VERDICT_LABELS,
  DEFAULT_PLAN_STEPS,
  fieldMessages,
  INSTRUMENT_KIND_LABELS,
  resultMessages,
  UNIT_RELEASE_LABELS,
} from 'contracts';
import de from './locales/de.json';
import en from './locales/en.json';
import pl from './locales/pl.json';

type Catalog = Record<string, string>;
const catalogs: Record<string, Catalog> = { de, en, pl };

/** The plural forms each language must spell out (CLDR: Polish has one, few and many besides other). */
const PLURAL_FORMS: Record<string, string[]> = {
  de: ['one', 'other'],
  en: ['one', 'other'],
  pl: ['one', 'few', 'many', 'other'],
};

type Token = string | [name: string, type?: string, format?: unknown];

/** The arguments a compiled message takes, and the forms of each of its plurals. */
function shapeOf(message: string) {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const visit = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      names.add(name);
      if (type === 'plural' || type === 'select') {
        const cases = format as Record<string, unknown>;
        // Besides the forms: exact matches (`=0`, compiled to `0`) and the plural's offset.
        if (type === 'plural')
          plurals.push(Object.keys(cases).filter((form) => !/^\d+$/.test(form) && form !== 'offset'));
        for (const branch of Object.values(cases)) visit(branch);
      }
    }
  };
  visit(compileMessage(message));
  return { names: [...names].sort(), plurals };
}

describe('the catalogs of mfe-certificates', () => {
  it('have every key in every language', () => {
    const keys = Object.keys(de).sort();
    expect(Object.keys(en).sort()).toEqual(keys);
    expect(Object.keys(pl).sort()).toEqual(keys);
  });

  it('take the same arguments in every language, and spell out each language’s plural forms', () => {
    for (const key of Object.keys(de)) {
      const german = shapeOf(de[key as keyof typeof de]);
      for (const [language, catalog] of Object.entries(catalogs)) {
        const shape = shapeOf(catalog[key]);
        expect({ key, language, names: shape.names }).toEqual({ key, language, names: german.names });
        for (const forms of shape.plurals)
          expect({ key, language, forms: [...forms].sort() }).toEqual({
            key,
            language,
            forms: [...PLURAL_FORMS[language]].sort(),
          });
      }
    }
  });

  it('say in German what contracts says to the API, the exports and the other apps', () => {
    const german = de as Catalog;
    for (const [status, label] of Object.entries(CERTIFICATE_STATUS_LABELS))
      expect(german[`status.${status}`]).toBe(label);
    for (const [verdict, label] of Object.entries(CERTIFICATE_VERDICT_LABELS))
      expect(german[`verdict.${verdict}`]).toBe(label);
    for (const [release, label] of Object.entries(UNIT_RELEASE_LABELS))
      expect(german[`unitRelease.${release}`]).toBe(label);
    for (const [kind, label] of Object.entries(INSTRUMENT_KIND_LABELS))
      expect(german[`instrumentKind.${kind}`]).toBe(label);
    expect(german['form.chooseOne']).toBe(fieldMessages.chooseOne);
    expect(german['form.enter']).toBe(fieldMessages.enter);
    expect(german['form.required']).toBe(fieldMessages.required);
    expect(german['entry.outOfRange'].replace('{range}', '0 … 1 MΩ')).toBe(
      resultMessages.outOfRange('0 … 1 MΩ'),
    );
  });

  it('name the default plan’s checks in German and English as the plan does (docs/terminology.md)', () => {
    for (const step of DEFAULT_PLAN_STEPS) {
      expect((de as Catalog)[`step.${step.key}`]).toBe(step.title.de);
      expect((en as Catalog)[`step.${step.key}`]).toBe(step.title.en);
      expect((pl as Catalog)[`step.${step.key}`]).toBeTruthy();
    }
  });
});
