import { describe, expect, it } from '@jest/globals';
import { CHECK_FIELDS } from 'contracts';
import {
  initialFormValues,
  testerName,
  toCertificateDraft,
  validateCertificateForm,
} from './certificate-form';

const valid = {
  ...initialFormValues,
  brand: { id: 1, name: 'BDS', logo: '', email: '', website_link: '' },
  machine: { id: 2, name: 'MAB', image: '', electronic_circuit_board: 0, serial_prefix: '485' },
};

describe('certificate form', () => {
  it('starts with nothing tested: no check value, no result', () => {
    for (const field of [...CHECK_FIELDS, 'resistance_to_voltage'])
      expect(initialFormValues).not.toHaveProperty(field);
    expect(initialFormValues.results).toEqual({ certificate: {}, units: [] });
  });

  it('accepts quantities 1 to 100 as whole numbers only', () => {
    for (const quantity of ['1', '100', ' 42 '])
      expect(validateCertificateForm({ ...valid, quantity }, 'Erika')).toEqual({});
    expect(validateCertificateForm({ ...valid, quantity: ' ' }, 'Erika')).toEqual({
      quantity: 'Bitte EINGEBEN',
    });
    // Something typed that is not a number of units says what is allowed.
    for (const quantity of ['0', '101', '1.5', '-1', '1e2', 'zwei'])
      expect(validateCertificateForm({ ...valid, quantity }, 'Erika')).toEqual({
        quantity: 'Bitte eine ganze Zahl von 1 bis 100',
      });
    expect(validateCertificateForm(initialFormValues, 'Erika')).toEqual({
      brand_id: 'Bitte wählen',
      machine_id: 'Bitte wählen',
    });
  });

  it('names the signed-in account as tester, never a typed name; without an account nothing is sent', () => {
    expect(testerName({ name: '  Erika Mustermann ', email: 'erika@example.com' })).toBe('Erika Mustermann');
    expect(testerName({ name: '', email: 'erika@example.com' })).toBe('erika@example.com');
    expect(testerName(undefined)).toBe('');
    expect(validateCertificateForm(valid, '')).toEqual({
      checked_by: 'Das angemeldete Konto konnte nicht geladen werden. Bitte die Seite neu laden.',
    });
  });

  it('sends the results and none of the earlier check fields', () => {
    const results = { certificate: { guide: 'pass' }, units: [{ insulation_resistance: '0,8' }] };
    const draft = toCertificateDraft({ ...valid, quantity: ' 1 ' }, 'Erika', results);
    expect(draft).toEqual({
      brand_id: 1,
      machine_id: 2,
      checked_by: 'Erika',
      quantity: 1,
      observation: initialFormValues.observation,
      origin: initialFormValues.origin,
      results,
    });
  });
});
