import { afterEach, describe, expect, it } from '@jest/globals';
import {
  DOCUMENT_KIND_LABELS,
  fieldMessages,
  IMPACT_CLOSING_LABELS,
  INSTRUMENT_KIND_LABELS,
  INSTRUMENT_STATUS_LABELS,
  planStepMessages,
  STEP_KIND_LABELS,
} from 'contracts';
import { setLanguage } from 'shared-ui';
// eslint-disable-next-line no-restricted-imports -- Jest only: shared-ui's test entry, never in a bundle.
import { testCatalogsComplete } from 'shared-ui/testing';
import { machineCatalogs } from './catalogs';
import de from './locales/de.json';
import en from './locales/en.json';
import pl from './locales/pl.json';

type Catalog = Record<string, string>;

/** The part of a catalog under `prefix`, keyed by the rest of each key. */
const under = (catalog: Catalog, prefix: string) =>
  Object.fromEntries(
    Object.entries(catalog)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );

testCatalogsComplete('mfe-machines', { de, en, pl });

describe('the machines catalogs', () => {
  it('has in German the API’s own words for what the API says too, for every kind and status', () => {
    const fields = under(de, 'field.');
    expect(fields).toEqual(
      Object.fromEntries(
        Object.keys(fields).map((rule) => [rule, fieldMessages[rule as keyof typeof fieldMessages]]),
      ),
    );
    // The editor checks all but what only the server can tell (api/src/modules/test-plans/plan-validation.ts).
    const planChecks = Object.entries(planStepMessages).filter(([check]) => `plan.${check}` in de);
    expect(Object.keys(planStepMessages).filter((check) => !(`plan.${check}` in de))).toEqual([
      'keyReserved',
      'passingUnknown',
      'notFinite',
    ]);
    for (const [check, words] of planChecks)
      expect((de as Catalog)[`plan.${check}`].replace('{range}', '0 … 10 V')).toBe(
        typeof words === 'string' ? words : words('0 … 10 V'),
      );
    expect(under(de, 'stepKind.')).toEqual(STEP_KIND_LABELS);
    expect(under(de, 'instrumentKind.')).toEqual(INSTRUMENT_KIND_LABELS);
    expect(under(de, 'instrumentStatus.')).toEqual(INSTRUMENT_STATUS_LABELS);
    expect(under(de, 'impactClosing.')).toEqual(IMPACT_CLOSING_LABELS);
    // The customer page names the documents in English and German; the staff screens say the same.
    for (const [kind, names] of Object.entries(DOCUMENT_KIND_LABELS))
      expect([under(de, 'documents.kinds.')[kind], under(en, 'documents.kinds.')[kind]]).toEqual([
        names.de,
        names.en,
      ]);
  });
});

describe('machineCatalogs', () => {
  afterEach(() => setLanguage('de'));

  it('counts days and certificates in Polish with its three plural forms', async () => {
    await setLanguage('pl');
    const due = (days: number) => machineCatalogs.t('instruments.register.dueSoon', { days });
    expect([0, 1, 2, 5, 22, 25].map(due)).toEqual([
      'Termin dzisiaj',
      'Termin za 1 dzień',
      'Termin za 2 dni',
      'Termin za 5 dni',
      'Termin za 22 dni',
      'Termin za 25 dni',
    ]);
    const affected = (count: number) => machineCatalogs.t('instruments.calibration.affected', { count });
    expect([1, 3, 12, 24].map(affected)).toEqual([
      'Do oceny wpływu dodano jeden protokół badania, którego to dotyczy.',
      'Do oceny wpływu dodano 3 protokoły badań, których to dotyczy.',
      'Do oceny wpływu dodano 12 protokołów badań, których to dotyczy.',
      'Do oceny wpływu dodano 24 protokoły badań, których to dotyczy.',
    ]);
  });

  it('counts in German as the screens always did', () => {
    expect(machineCatalogs.t('instruments.register.dueSoon', { days: 0 })).toBe('Heute fällig');
    expect(machineCatalogs.t('instruments.register.dueSoon', { days: 1 })).toBe('Fällig in 1 Tag');
    expect(machineCatalogs.t('instruments.register.dueSoon', { days: 12 })).toBe('Fällig in 12 Tagen');
    expect(machineCatalogs.t('documents.requests.intro', { deadline: 30, erase: 90 })).toBe(
      'Kunden fordern auf der Kundenseite ein Papierexemplar an; es muss binnen 30 Tagen versandt sein. 90 Tage nach dem Versand werden Name, Anschrift und E-Mail gelöscht.',
    );
  });
});
