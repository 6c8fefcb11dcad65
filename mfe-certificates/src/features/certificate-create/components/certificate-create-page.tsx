import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OBSERVATIONS, ORIGINS, type Brand, type MachineByBrand, type PrintData } from 'contracts';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Select from 'react-select';
import { apiErrorMessage, apiFieldErrors, isHttpError, messages, notify, Spinner } from 'shared-ui';
import { certMessages } from '../../../messages';
import { createCertificate } from '../api/create-certificate';
import {
  initialFormValues,
  toCertificateBody,
  validateCertificateForm,
  type CertificateFormErrors,
  type CertificateFormValues,
} from '../certificate-form';
import { useBrands } from '../hooks/use-brands';
import { useMachinesByBrand } from '../hooks/use-machines-by-brand';
import { CheckItems } from './check-items';
import { germanAriaLiveMessages, screenReaderStatus } from './select-messages';
import { darkSelectTheme, selectStyles } from './select-theme';
import { SelectionPreview } from './selection-preview';
import '../../../styles/remote.css';
import './certificate-create.css';

const t = certMessages.create;

/**
 * The printed certificate (with the QR code library) is its own chunk, outside the tab's first load
 * (DESIGN §11); the form starts fetching it on mount, so it is there long before the first answer.
 */
const loadPrintRoot = () => import('../../certificate-print/components/print-root');
const PrintRoot = lazy(() => loadPrintRoot().then((module) => ({ default: module.PrintRoot })));

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="sui-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A 401 already said "session expired" and went to the login page: no second toast. */
const isUnauthorized = (error: unknown) =>
  (error as { response?: { status?: number } }).response?.status === 401;

/** The German toast for a failed creation: the API's own message when it sent one. */
function failureMessage(error: unknown): string {
  const detail =
    apiErrorMessage(error) ?? (isHttpError(error) ? t.tryAgain : `${t.unreachable} ${t.tryAgain}`);
  return `${t.failed} ${detail}`;
}

/**
 * Tab "Prüfbericht erstellen" (spec §2, §4, §5): pick brand and machine, record the checks, WEITER creates
 * one certificate and opens the print dialog with its 2 pages per unit.
 */
export default function CertificateCreatePage() {
  const [values, setValues] = useState<CertificateFormValues>(initialFormValues);
  const [errors, setErrors] = useState<CertificateFormErrors>({});
  const [printed, setPrinted] = useState<{ data: PrintData; answeredAt: number } | null>(null);
  // The mutation's pending state reaches the button a render later; this blocks a second press at once.
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const brands = useBrands();
  const machines = useMachinesByBrand(values.brand?.id ?? null);
  const create = useMutation({ mutationFn: createCertificate });

  useEffect(() => {
    void loadPrintRoot();
  }, []);

  const update = (patch: Partial<CertificateFormValues>, field?: keyof CertificateFormErrors) => {
    setValues((current) => ({ ...current, ...patch }));
    if (field) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const found = validateCertificateForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      formRef.current?.scrollIntoView?.({ block: 'start' });
      return;
    }
    submitting.current = true;
    create.mutate(toCertificateBody(values), {
      onSuccess: (data) => {
        setPrinted({ data, answeredAt: Date.now() });
        void queryClient.invalidateQueries({ queryKey: ['certificates'] });
      },
      onError: (error) => {
        setErrors(apiFieldErrors(error));
        if (!isUnauthorized(error)) notify.error(failureMessage(error));
      },
      onSettled: () => {
        submitting.current = false;
      },
    });
  };

  if (brands.isPending) return <Spinner fullPage />;
  if (brands.isError)
    return (
      <div className="cert-error" role="alert" data-testid="certificate-create">
        <p>{apiErrorMessage(brands.error) ?? t.brandsFailed}</p>
        <button type="button" className="sui-button sui-button--secondary" onClick={() => brands.refetch()}>
          {messages.retry}
        </button>
      </div>
    );

  const invalid = (field: keyof CertificateFormErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-errormessage': `cert-${field}-error` } : {};
  const board = values.machine?.electronic_circuit_board;

  return (
    <form
      ref={formRef}
      className="cert-create"
      data-testid="certificate-create"
      noValidate
      onSubmit={handleSubmit}
    >
      <div className="cert-create__top">
        <Field id="cert-brand_id" label={t.brand} error={errors.brand_id}>
          <Select<Brand>
            inputId="cert-brand_id"
            options={brands.data}
            value={values.brand}
            getOptionLabel={(brand) => brand.name}
            getOptionValue={(brand) => String(brand.id)}
            // Clearing passes null (the earlier app crashed here); a new brand never keeps the old machine.
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
        <Field id="cert-checked_by" label={t.checkedBy} error={errors.checked_by}>
          <input
            id="cert-checked_by"
            className="sui-input"
            name="checked_by"
            autoComplete="name"
            maxLength={100}
            value={values.checked_by}
            onChange={(event) => update({ checked_by: event.target.value }, 'checked_by')}
            {...invalid('checked_by')}
          />
        </Field>
        <Field id="cert-crowd" label={t.crowd} error={errors.crowd}>
          <input
            id="cert-crowd"
            className="sui-input"
            name="crowd"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={values.crowd}
            onChange={(event) => update({ crowd: event.target.value }, 'crowd')}
            {...invalid('crowd')}
          />
        </Field>
      </div>

      <div className="cert-create__checks">
        <CheckItems values={values} onChange={(field, value) => update({ [field]: value })} />
        <div className="cert-create__extra">
          <Field id="cert-observation" label={t.observation}>
            <select
              id="cert-observation"
              className="sui-input"
              value={values.observation}
              onChange={(event) =>
                update({ observation: event.target.value as CertificateFormValues['observation'] })
              }
            >
              {OBSERVATIONS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </Field>
          <div className="sui-field" role="group" aria-labelledby="cert-board-label">
            <span id="cert-board-label" className="cert-create__group-label">
              {t.circuitBoard}
            </span>
            {/* Read only: the flag belongs to the machine and is copied into the certificate by the server. */}
            <div className="cert-create__board">
              <label>
                <input type="checkbox" checked={board === 1} disabled readOnly /> {t.yes}
              </label>
              <label>
                <input type="checkbox" checked={board === 0} disabled readOnly /> {t.no}
              </label>
            </div>
          </div>
          <Field id="cert-origin" label={t.origin}>
            <select
              id="cert-origin"
              className="sui-input"
              value={values.origin_germany}
              onChange={(event) =>
                update({ origin_germany: event.target.value as CertificateFormValues['origin_germany'] })
              }
            >
              {ORIGINS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </Field>
        </div>
      </div>

      <div className="cert-create__previews">
        <SelectionPreview
          caption={t.machinePreview}
          image={values.machine?.image}
          alt={values.machine?.name ?? ''}
        />
        <SelectionPreview
          caption={t.brandPreview}
          image={values.brand?.logo}
          alt={values.brand?.name ?? ''}
        />
      </div>

      <div className="cert-create__actions">
        <button type="submit" className="sui-button" disabled={create.isPending}>
          {t.submit}
        </button>
      </div>
      {printed && (
        <Suspense fallback={null}>
          <PrintRoot data={printed.data} answeredAt={printed.answeredAt} />
        </Suspense>
      )}
    </form>
  );
}
