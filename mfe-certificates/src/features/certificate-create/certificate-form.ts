import { certMessages } from '../../messages';
import {
  CERTIFICATE_DEFAULTS,
  CHECK_FIELDS,
  CHECK_NOT_OK,
  CHECK_OK,
  fieldMessages,
  fromWire,
  QUANTITY,
  VOLTAGE_OK,
  type Brand,
  type CertificateDraft,
  type CheckField,
  type MachineByBrand,
} from 'contracts';
import { LEFT_ROWS, RIGHT_ROWS } from '../../components/certificate-rows';

type CheckedField = CheckField | 'resistance_to_voltage';
type Checks = Pick<CertificateDraft, CheckedField>;

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
  ...fromWire(CERTIFICATE_DEFAULTS),
};

export interface CheckItem {
  field: CheckedField;
  /** The form shows the printed row's German label, so a box always means the row it fills. */
  label: string;
  /** The value a ticked box records; an unticked one records NOT OK. */
  okValue: string;
}

const checkedFields: readonly string[] = [...CHECK_FIELDS, 'resistance_to_voltage'];

/** Every check item with its own field, in the certificate's order (left table, then right table). */
export const CHECK_ITEMS: readonly CheckItem[] = [...LEFT_ROWS, ...RIGHT_ROWS]
  .filter((row) => checkedFields.includes(row.key))
  .map((row) => ({
    field: row.key as CheckedField,
    label: row.labels[0].toUpperCase(),
    okValue: row.key === 'resistance_to_voltage' ? VOLTAGE_OK : CHECK_OK,
  }));

export const checkValue = (item: CheckItem, ticked: boolean) => (ticked ? item.okValue : CHECK_NOT_OK);

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
