import { fieldMessages, QUANTITY, type Brand, type CertificateDraft, type MachineByBrand } from 'contracts';
import { certificateDefaults } from '../../api/wire';
import { CHECK_ITEMS, type Checks } from '../../components/check-items';
import { certMessages } from '../../messages';

export interface CertificateFormValues extends Checks {
  brand: Brand | null;
  machine: MachineByBrand | null;
  checked_by: string;
  /** The input's text; validated as an integer before sending. */
  quantity: string;
  observation: CertificateDraft['observation'];
  origin: CertificateDraft['origin'];
}

/** Errors keyed like the draft's fields (the API's field errors arrive renamed), so both show in one place. */
export type CertificateFormErrors = Partial<
  Record<'brand_id' | 'machine_id' | 'checked_by' | 'quantity', string>
>;

export const initialFormValues: CertificateFormValues = {
  brand: null,
  machine: null,
  checked_by: '',
  quantity: String(QUANTITY.default),
  ...certificateDefaults,
};

/** Nothing is sent while any of these errors exists. */
export function validateCertificateForm(values: CertificateFormValues): CertificateFormErrors {
  const errors: CertificateFormErrors = {};
  if (!values.brand) errors.brand_id = fieldMessages.chooseOne;
  if (!values.machine) errors.machine_id = fieldMessages.chooseOne;
  if (!values.checked_by.trim()) errors.checked_by = fieldMessages.enter;
  const quantity = values.quantity.trim();
  if (!quantity) errors.quantity = fieldMessages.enter;
  else if (!/^\d+$/.test(quantity) || Number(quantity) < QUANTITY.min || Number(quantity) > QUANTITY.max)
    errors.quantity = certMessages.create.quantityRange;
  return errors;
}

/** The draft of a valid form. Snapshot fields are not sent: the server reads them from the database. */
export function toCertificateDraft(values: CertificateFormValues): CertificateDraft {
  const checks = Object.fromEntries(CHECK_ITEMS.map(({ field }) => [field, values[field]])) as Checks;
  return {
    brand_id: values.brand!.id,
    machine_id: values.machine!.id,
    checked_by: values.checked_by.trim(),
    quantity: Number(values.quantity.trim()),
    ...checks,
    observation: values.observation,
    origin: values.origin,
  };
}
