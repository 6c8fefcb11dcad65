import { describe, expect, it } from '@jest/globals';
import {
  CERTIFICATE_STATUS_LABELS,
  CERTIFICATE_VERDICT_LABELS,
  DEFAULT_PLAN_STEPS,
  fieldMessages,
  INSTRUMENT_KIND_LABELS,
  resultMessages,
  UNIT_RELEASE_LABELS,
} from 'contracts';
// eslint-disable-next-line no-restricted-imports -- Jest only: shared-ui's test entry, never in a bundle.
import { testCatalogsComplete } from 'shared-ui/testing';
import de from './locales/de.json';
import en from './locales/en.json';
import pl from './locales/pl.json';

type Catalog = Record<string, string>;

testCatalogsComplete('mfe-certificates', { de, en, pl });

describe('the catalogs of mfe-certificates', () => {
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
