import type { UseQueryResult } from '@tanstack/react-query';
import { QUANTITY, type Brand, type MachineByBrand } from 'contracts';
import { lazy } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { Field } from '../../../components/field';
import type { CertificateFormErrors, CertificateFormValues } from '../certificate-form';

/**
 * react-select is a chunk of its own; the form starts fetching it on mount and shows itself whole once it is here
 * (certificate-create-page.tsx), so the first field the shell focuses is MARKE, not one below it.
 */
export const loadChoiceSelect = () => import('./choice-select');
const ChoiceSelect = lazy(loadChoiceSelect);

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
  const t = useT(certificateCatalogs);
  const errorId = (field: keyof CertificateFormErrors) => (errors[field] ? `cert-${field}-error` : undefined);
  const invalid = (field: keyof CertificateFormErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-errormessage': errorId(field) } : {};

  return (
    <div className="cert-create__top">
      <Field id="cert-brand_id" label={t('create.brand')} error={errors.brand_id}>
        <ChoiceSelect
          inputId="cert-brand_id"
          options={brands}
          value={values.brand}
          // A new brand never keeps the old machine.
          onChange={(id) =>
            update({ brand: brands.find((brand) => brand.id === id) ?? null, machine: null }, 'brand_id')
          }
          placeholder={t('create.choose')}
          noOptions={t('create.noOptions')}
          errorId={errorId('brand_id')}
        />
      </Field>
      <Field
        id="cert-machine_id"
        label={t('create.machine')}
        error={errors.machine_id ?? (machines.isError ? t('create.machinesFailed') : undefined)}
      >
        <ChoiceSelect
          inputId="cert-machine_id"
          options={machines.data ?? []}
          value={values.machine}
          onChange={(id) =>
            update({ machine: machines.data?.find((machine) => machine.id === id) ?? null }, 'machine_id')
          }
          placeholder={t('create.choose')}
          noOptions={t('create.noOptions')}
          loadingMessage={t('create.loadingOptions')}
          isLoading={machines.isFetching}
          isDisabled={!values.brand}
          errorId={errorId('machine_id')}
        />
      </Field>
      {/* The signed-in account tested: shown, never typed (docs/decisions/0010-test-record.md). */}
      <div className="sui-field">
        <p id="cert-checked_by" className="cert-create__tester" tabIndex={-1}>
          {t('create.testedBy')} <strong>{tester}</strong>
        </p>
        {errors.checked_by && (
          <p id="cert-checked_by-error" className="sui-field-error" role="alert">
            {errors.checked_by}
          </p>
        )}
      </div>
      <Field id="cert-quantity" label={t('create.quantity')} error={errors.quantity}>
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
