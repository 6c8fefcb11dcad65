import { describe, expect, it } from '@jest/globals';
import { CHECK_FIELDS } from 'contracts';
import { CHECK_ITEMS, checkValue } from '../../components/check-items';
import { initialFormValues, validateCertificateForm } from './certificate-form';

describe('certificate form', () => {
  it('has one check item per check field, each labelled like the row it prints in', () => {
    expect(CHECK_ITEMS.map((item) => item.field).sort()).toEqual(
      [...CHECK_FIELDS, 'resistance_to_voltage'].sort(),
    );
    expect(Object.fromEntries(CHECK_ITEMS.map((item) => [item.field, item.label]))).toEqual({
      perpendicularity: 'RECHTWINKLIGKEIT',
      tolerance_of_spindle: 'AUFNAHME / RUNDLAUF',
      magnet_base_switch: 'MAGNETSCHALTER/FUNKTION',
      motor_switch: 'MOTORSCHALTER/FUNKTION',
      guide: 'FÜHRUNG/FUNKTION',
      isolation: 'SCHUTZLEITER',
      insulation_resistance: 'ISOLATIONSWIDERSTAND',
      resistance_to_voltage: 'SPANNUNGSFESTIGKEIT',
      accessories: 'ZUBEHÖR',
      technical_certification: 'PRÜFUNG/PRODUKTION',
    });
  });

  it('records ticked as OK (1500 V for the voltage test) and unticked as NOT OK', () => {
    const voltage = CHECK_ITEMS.find((item) => item.field === 'resistance_to_voltage')!;
    const guide = CHECK_ITEMS.find((item) => item.field === 'guide')!;
    expect([checkValue(voltage, true), checkValue(voltage, false)]).toEqual(['1500 V', 'NOT OK']);
    expect([checkValue(guide, true), checkValue(guide, false)]).toEqual(['OK', 'NOT OK']);
    expect(CHECK_ITEMS.every((item) => initialFormValues[item.field] === item.okValue)).toBe(true);
  });

  it('accepts quantities 1 to 100 as whole numbers only', () => {
    const valid = {
      ...initialFormValues,
      brand: { id: 1, name: 'BDS', logo: '', email: '', website_link: '' },
      machine: { id: 2, name: 'MAB', image: '', electronic_circuit_board: 0, serial_prefix: '485' },
      checked_by: 'Erika',
    };
    for (const quantity of ['1', '100', ' 42 '])
      expect(validateCertificateForm({ ...valid, quantity })).toEqual({});
    expect(validateCertificateForm({ ...valid, quantity: ' ' })).toEqual({ quantity: 'Bitte EINGEBEN' });
    // Something typed that is not a number of units says what is allowed.
    for (const quantity of ['0', '101', '1.5', '-1', '1e2', 'zwei'])
      expect(validateCertificateForm({ ...valid, quantity })).toEqual({
        quantity: 'Bitte eine ganze Zahl von 1 bis 100',
      });
    expect(validateCertificateForm(initialFormValues)).toEqual({
      brand_id: 'Bitte wählen',
      machine_id: 'Bitte wählen',
      checked_by: 'Bitte EINGEBEN',
    });
  });
});
