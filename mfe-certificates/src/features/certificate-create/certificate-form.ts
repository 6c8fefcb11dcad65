import {
  CERTIFICATE_DEFAULTS,
  CHECK_NOT_OK,
  CHECK_OK,
  fieldMessages,
  QUANTITY,
  VOLTAGE_OK,
  type Brand,
  type CertificateCreateBody,
  type CheckField,
  type MachineByBrand,
} from 'contracts';
import { LEFT_ROWS, RIGHT_ROWS } from '../certificate-print/certificate-rows';

type Checks = Pick<CertificateCreateBody, CheckField | 'resistance_to_voltage'>;

export interface CertificateFormValues extends Checks {
  brand: Brand | null;
  machine: MachineByBrand | null;
  checked_by: string;
  /** The input's text; validated as an integer before sending. */
  crowd: string;
  observation: CertificateCreateBody['observation'];
  origin_germany: CertificateCreateBody['origin_germany'];
}

/** Errors keyed like the API's field errors, so both show under the same field. */
export type CertificateFormErrors = Partial<
  Record<'brand_id' | 'machine_id' | 'checked_by' | 'crowd', string>
>;

export const initialFormValues: CertificateFormValues = {
  brand: null,
  machine: null,
  checked_by: '',
  crowd: String(QUANTITY.default),
  ...CERTIFICATE_DEFAULTS,
};

export interface CheckItem {
  field: keyof Checks;
  /** The form shows the printed row's German label, so a box always means the row it fills. */
  label: string;
  /** The value a ticked box records; an unticked one records NOT OK. */
  okValue: string;
}

const printedLabel = (field: string) =>
  [...LEFT_ROWS, ...RIGHT_ROWS].find((row) => row.key === field)!.labels[0].toUpperCase();

/** Every check item with its own field, in the certificate's order (left table, then right table). */
export const CHECK_ITEMS: readonly CheckItem[] = (
  [
    'perpendicularity',
    'tolerance_of_spindle',
    'magnet_base_switch',
    'motor_switch',
    'guide',
    'isolation',
    'insulation_resistance',
    'resistance_to_voltage',
    'accessories',
    'technical_certification',
  ] as const
).map((field) => ({
  field,
  label: printedLabel(field),
  okValue: field === 'resistance_to_voltage' ? VOLTAGE_OK : CHECK_OK,
}));

export const checkValue = (item: CheckItem, ticked: boolean) => (ticked ? item.okValue : CHECK_NOT_OK);

/** Spec §5: nothing is sent while any of these errors exists. */
export function validateCertificateForm(values: CertificateFormValues): CertificateFormErrors {
  const errors: CertificateFormErrors = {};
  if (!values.brand) errors.brand_id = fieldMessages.chooseOne;
  if (!values.machine) errors.machine_id = fieldMessages.chooseOne;
  if (!values.checked_by.trim()) errors.checked_by = fieldMessages.enter;
  const crowd = values.crowd.trim();
  if (!/^\d+$/.test(crowd) || Number(crowd) < QUANTITY.min || Number(crowd) > QUANTITY.max)
    errors.crowd = fieldMessages.enter;
  return errors;
}

/** The request body of a valid form. Snapshot fields are not sent: the server reads them from the database. */
export function toCertificateBody(values: CertificateFormValues): CertificateCreateBody {
  const checks = Object.fromEntries(CHECK_ITEMS.map(({ field }) => [field, values[field]])) as Checks;
  return {
    brand_id: values.brand!.id,
    machine_id: values.machine!.id,
    checked_by: values.checked_by.trim(),
    crowd: Number(values.crowd.trim()),
    ...checks,
    observation: values.observation,
    origin_germany: values.origin_germany,
  };
}
