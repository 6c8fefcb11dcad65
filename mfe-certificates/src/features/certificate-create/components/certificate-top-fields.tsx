import type { UseQueryResult } from '@tanstack/react-query';
import { QUANTITY, type Brand, type MachineByBrand } from 'contracts';
import Select from 'react-select';
import { Field } from '../../../components/field';
import { certMessages } from '../../../messages';
import type { CertificateFormErrors, CertificateFormValues } from '../certificate-form';
import { germanAriaLiveMessages, screenReaderStatus } from './select-messages';
import { darkSelectTheme, selectStyles } from './select-theme';

const t = certMessages.create;

interface TopFieldsProps {
  values: CertificateFormValues;
  errors: CertificateFormErrors;
  brands: Brand[];
  /** "Geprüft von": the signed-in account's name. */
  tester: string;
  /** The chosen brand's machines; nothing is fetched until a brand is chosen. */
  machines: Pick<UseQueryResult<MachineByBrand[]>, 'data' | 'isError' | 'isFetching'>;
  /** Changes the values; a field named has its message cleared. */
  update: (patch: Partial<CertificateFormValues>, field?: keyof CertificateFormErrors) => void;
}

/** The form's first rows: brand, machine, tester and quantity, each with its message (ids `cert-<field>`). */
export function CertificateTopFields({ values, errors, brands, tester, machines, update }: TopFieldsProps) {
  const invalid = (field: keyof CertificateFormErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-errormessage': `cert-${field}-error` } : {};

  return (
    <div className="cert-create__top">
      <Field id="cert-brand_id" label={t.brand} error={errors.brand_id}>
        <Select<Brand>
          inputId="cert-brand_id"
          options={brands}
          value={values.brand}
          getOptionLabel={(brand) => brand.name}
          getOptionValue={(brand) => String(brand.id)}
          // Clearing passes null (the earlier app crashed here, docs/earlier-app.md); a new brand never keeps
          // the old machine.
          onChange={(brand) => update({ brand, machine: null }, 'brand_id')}
          placeholder={t.choose}
          noOptionsMessage={() => t.noOptions}
          ariaLiveMessages={germanAriaLiveMessages}
          screenReaderStatus={screenReaderStatus}
          isClearable
          theme={darkSelectTheme}
          styles={selectStyles<Brand>(!!errors.brand_id)}
          {...invalid('brand_id')}
        />
      </Field>
      <Field
        id="cert-machine_id"
        label={t.machine}
        error={errors.machine_id ?? (machines.isError ? t.machinesFailed : undefined)}
      >
        <Select<MachineByBrand>
          inputId="cert-machine_id"
          options={machines.data ?? []}
          value={values.machine}
          getOptionLabel={(machine) => machine.name}
          getOptionValue={(machine) => String(machine.id)}
          onChange={(machine) => update({ machine }, 'machine_id')}
          placeholder={t.choose}
          noOptionsMessage={() => t.noOptions}
          loadingMessage={() => t.loadingOptions}
          isLoading={machines.isFetching}
          isDisabled={!values.brand}
          ariaLiveMessages={germanAriaLiveMessages}
          screenReaderStatus={screenReaderStatus}
          isClearable
          theme={darkSelectTheme}
          styles={selectStyles<MachineByBrand>(!!errors.machine_id)}
          {...invalid('machine_id')}
        />
      </Field>
      {/* The signed-in account tested: shown, never typed (docs/decisions/0010-test-record.md). */}
      <div className="sui-field">
        <p id="cert-checked_by" className="cert-create__tester" tabIndex={-1}>
          {t.testedBy} <strong>{tester}</strong>
        </p>
        {errors.checked_by && (
          <p id="cert-checked_by-error" className="sui-field-error" role="alert">
            {errors.checked_by}
          </p>
        )}
      </div>
      <Field id="cert-quantity" label={t.quantity} error={errors.quantity}>
        <input
          id="cert-quantity"
          className="sui-input"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={QUANTITY.min}
          max={QUANTITY.max}
          step={1}
          value={values.quantity}
          onChange={(event) => update({ quantity: event.target.value }, 'quantity')}
          {...invalid('quantity')}
        />
      </Field>
    </div>
  );
}
