import type { Machine, MachineFields } from 'contracts';
import { EAN_MAX, SERIAL_PREFIX_MAX, TEXT_MAX, URL_MAX } from 'contracts';

export type Values = MachineFields & { image: string; electronic_circuit_board: 0 | 1 };
export type Field = keyof Values;

/** Input ids, in the order of the form: the first invalid one gets the focus. */
export const FIELD_IDS: Record<Field, string> = {
  brand_id: 'machine-brand_id',
  electronic_circuit_board: 'machine-electronic_circuit_board',
  name: 'machine-name',
  serial_prefix: 'machine-serial_prefix',
  link_ger: 'machine-link_ger',
  link_en: 'machine-link_en',
  image: 'machine-image',
  ean_number: 'machine-ean_number',
};

export type TextFieldName = 'name' | 'serial_prefix' | 'link_ger' | 'link_en' | 'ean_number';

/** MachineBody's length limits, so the browser stops typing where the API would refuse. */
export const MAX_LENGTH: Record<TextFieldName, number> = {
  name: TEXT_MAX,
  serial_prefix: SERIAL_PREFIX_MAX,
  link_ger: URL_MAX,
  link_en: URL_MAX,
  ean_number: EAN_MAX,
};

export function initialValues(machine: Machine | null): Values {
  return {
    brand_id: machine?.brand_id ?? null,
    electronic_circuit_board: machine?.electronic_circuit_board === 1 ? 1 : 0,
    name: machine?.name ?? '',
    serial_prefix: machine?.serial_prefix ?? '',
    link_ger: machine?.link_ger ?? '',
    link_en: machine?.link_en ?? '',
    image: machine?.image ?? '',
    ean_number: machine?.ean_number ?? '',
  };
}

/** The fields in the order of the form. */
export const FIELD_ORDER = Object.keys(FIELD_IDS) as Field[];

/** Whether a stored field name of a machine (in its list of changes) is one of the form's. */
export const isFormField = (field: string): field is Field => Object.hasOwn(FIELD_IDS, field);
