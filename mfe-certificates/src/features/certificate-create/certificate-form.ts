import {
  QUANTITY,
  type Brand,
  type CertificateDraft,
  type MachineByBrand,
  type Me,
  type ResultsBody,
} from 'contracts';
import { certificateDefaults } from '../../api/wire';
import { translate } from '../../catalogs';

export interface CertificateFormValues {
  brand: Brand | null;
  machine: MachineByBrand | null;
  /** The input's text; validated as an integer before sending. */
  quantity: string;
  observation: CertificateDraft['observation'];
  origin: CertificateDraft['origin'];
  /** The plan's values as typed; `units` may hold more rows than the quantity (kept when it is lowered). */
  results: ResultsBody;
}

/** Errors keyed like the draft's fields (the API's field errors arrive renamed), so both show in one place. */
export type CertificateFormErrors = Partial<
  Record<'brand_id' | 'machine_id' | 'checked_by' | 'quantity', string>
>;

export const emptyResults = (): ResultsBody => ({ certificate: {}, units: [] });

export const initialFormValues: CertificateFormValues = {
  brand: null,
  machine: null,
  quantity: String(QUANTITY.default),
  // Remarks and origin keep the earlier app's defaults; no check is pre-ticked (docs/decisions/0010-test-record.md).
  observation: certificateDefaults.observation,
  origin: certificateDefaults.origin,
  results: emptyResults(),
};

/** "Geprüft von": the signed-in account's name (its e-mail while it has none), never typed by hand. */
export const testerName = (me: Pick<Me, 'name' | 'email'> | undefined) => me?.name.trim() || me?.email || '';

/** The quantity as a number of units, or undefined while the text is not one. */
export function unitCount(quantity: string): number | undefined {
  const text = quantity.trim();
  const count = Number(text);
  return /^\d+$/.test(text) && count >= QUANTITY.min && count <= QUANTITY.max ? count : undefined;
}

/** Nothing is sent while any of these errors exists. */
export function validateCertificateForm(
  values: CertificateFormValues,
  tester: string,
): CertificateFormErrors {
  const errors: CertificateFormErrors = {};
  if (!values.brand) errors.brand_id = translate('form.chooseOne');
  if (!values.machine) errors.machine_id = translate('form.chooseOne');
  if (!tester) errors.checked_by = translate('create.testerMissing');
  if (!values.quantity.trim()) errors.quantity = translate('form.enter');
  else if (unitCount(values.quantity) === undefined)
    errors.quantity = translate('create.quantityRange', { min: QUANTITY.min, max: QUANTITY.max });
  return errors;
}

/**
 * The draft of a valid form with the values to send. Snapshot fields are not sent: the server reads them from
 * the database; the earlier app's check fields are not sent either (the API maps them only when `results` is
 * missing).
 */
export function toCertificateDraft(
  values: CertificateFormValues,
  tester: string,
  results: ResultsBody,
): CertificateDraft {
  return {
    brand_id: values.brand!.id,
    machine_id: values.machine!.id,
    checked_by: tester,
    quantity: unitCount(values.quantity)!,
    observation: values.observation,
    origin: values.origin,
    results,
  };
}
