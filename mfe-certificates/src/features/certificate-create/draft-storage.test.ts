import { afterEach, describe, expect, it } from '@jest/globals';
import { initialFormValues } from './certificate-form';
import { clearDraft, loadDraft, saveDraft } from './draft-storage';

const KEY = 'pruefbericht.certificate-draft';

afterEach(() => sessionStorage.clear());

describe('the kept draft', () => {
  it('keeps the values and the pending key until cleared', () => {
    const values = {
      ...initialFormValues,
      quantity: '3',
      results: { certificate: {}, units: [{ x: '0,8' }] },
    };
    saveDraft({ values, pending: { draft: '{}', key: 'ab'.repeat(16) } });
    expect(loadDraft()).toEqual({ values, pending: { draft: '{}', key: 'ab'.repeat(16) } });
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('ignores what is not a draft of this form: broken JSON, another shape, hostile text', () => {
    for (const stored of [
      '{',
      'null',
      '42',
      '"x"',
      '{"values":{}}',
      '{"values":{"results":{"certificate":{},"units":{}}}}',
    ]) {
      sessionStorage.setItem(KEY, stored);
      expect(loadDraft()).toBeNull();
    }
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ values: { results: { certificate: {}, units: '<script>' } } }),
    );
    expect(loadDraft()).toBeNull();
  });
});
