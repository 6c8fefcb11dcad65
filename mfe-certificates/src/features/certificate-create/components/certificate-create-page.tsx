import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKED_BY_MAX,
  OBSERVATIONS,
  ORIGINS,
  QUANTITY,
  type Brand,
  type Certificate,
  type CertificateDraft,
  type MachineByBrand,
} from 'contracts';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import Select from 'react-select';
import {
  apiErrorMessage,
  brandsQuery,
  ConfirmDialog,
  isHttpError,
  LoadError,
  machinesByBrandQuery,
  notify,
  Spinner,
  useSubmitGuard,
} from 'shared-ui';
import { certificatesQueryKey } from '../../../api/get-certificates';
import { useRecordPrints } from '../../../api/record-prints';
import { certMessages } from '../../../messages';
import { createCertificate, draftFieldErrors, idempotencyKeys } from '../api/create-certificate';
import {
  initialFormValues,
  toCertificateDraft,
  validateCertificateForm,
  type CertificateFormErrors,
  type CertificateFormValues,
} from '../certificate-form';
import { Field } from '../../../components/field';
import { CheckItems } from '../../../components/check-items';
import { germanAriaLiveMessages, screenReaderStatus } from './select-messages';
import { darkSelectTheme, selectStyles } from './select-theme';
import { SelectionPreview } from './selection-preview';
import '../../../styles/remote.css';
import './certificate-create.css';

const t = certMessages.create;

/**
 * The printed certificate (with the QR code library) is its own chunk, outside the tab's first load
 * (docs/architecture.md#budgets); the form starts fetching it on mount, so it is there long before the first
 * answer.
 */
const loadPrintRoot = () => import('../../../components/print-root');
const PrintRoot = lazy(() => loadPrintRoot().then((module) => ({ default: module.PrintRoot })));
/** What was just issued shows only after an answer: its own chunk too, fetched on mount like the print. */
const loadConfirmation = () => import('./issued-confirmation');
const IssuedConfirmation = lazy(() =>
  loadConfirmation().then((module) => ({ default: module.IssuedConfirmation })),
);

/** The form's fields with a message, top to bottom. */
const FIELD_ORDER = ['brand_id', 'machine_id', 'checked_by', 'quantity'] as const;

/** A 401 already said "session expired" and went to the login page: no second toast. */
const isUnauthorized = (error: unknown) =>
  (error as { response?: { status?: number } }).response?.status === 401;

/** The German toast for a failed creation: the API's own message when it sent one. */
function failureMessage(error: unknown): string {
  const detail =
    apiErrorMessage(error) ?? (isHttpError(error) ? t.tryAgain : `${t.unreachable} ${t.tryAgain}`);
  return `${t.failed} ${detail}`;
}

/** How soon after an issue the same machine, checker and quantity again is asked about first. */
const REPEAT_WINDOW_MS = 2 * 60_000;

/** The same machine, checker and quantity as the certificate issued less than two minutes ago. */
function isRepeat(last: { data: Certificate; answeredAt: number }, draft: CertificateDraft) {
  return (
    Date.now() - last.answeredAt < REPEAT_WINDOW_MS &&
    last.data.machine_id === draft.machine_id &&
    last.data.checked_by === draft.checked_by &&
    last.data.quantity === draft.quantity
  );
}

/**
 * Tab "Prüfbericht erstellen": pick brand and machine, record the checks, WEITER creates
 * one certificate and opens the print dialog with its 2 pages per unit.
 */
export default function CertificateCreatePage() {
  const [values, setValues] = useState<CertificateFormValues>(initialFormValues);
  const [errors, setErrors] = useState<CertificateFormErrors>({});
  const [printed, setPrinted] = useState<{
    data: Certificate;
    answeredAt: number;
    /** DRUCKEN on the confirmation: the same pages again. */
    again?: boolean;
  } | null>(null);
  const guard = useSubmitGuard();
  const queryClient = useQueryClient();
  const brands = useQuery(brandsQuery);
  // Nothing is fetched until a brand is chosen.
  const brandId = values.brand?.id ?? 0;
  const machines = useQuery({ ...machinesByBrandQuery(brandId), enabled: brandId > 0 });
  const create = useMutation({ mutationFn: createCertificate });
  const [keys] = useState(idempotencyKeys);
  useRecordPrints(printed?.data.id ?? null, printed?.again ? 'reprint' : 'print');
  /** The draft that looks like the certificate just issued, waiting for the user's answer. */
  const [repeat, setRepeat] = useState<CertificateDraft | null>(null);

  useEffect(() => {
    void loadPrintRoot();
    void loadConfirmation();
  }, []);

  const update = (patch: Partial<CertificateFormValues>, field?: keyof CertificateFormErrors) => {
    setValues((current) => ({ ...current, ...patch }));
    if (field) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const send = async () => {
    const found = validateCertificateForm(values);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      // The keyboard goes to the first field with a message (the browser scrolls it into view).
      document.getElementById(`cert-${firstInvalid}`)?.focus();
      return;
    }
    const draft = toCertificateDraft(values);
    if (printed && isRepeat(printed, draft)) {
      setRepeat(draft);
      return;
    }
    await issue(draft);
  };

  const issue = async (draft: CertificateDraft) => {
    try {
      const data = await create.mutateAsync({ draft, idempotencyKey: keys.keyFor(draft) });
      keys.issued();
      setPrinted({ data, answeredAt: Date.now() });
      void queryClient.invalidateQueries({ queryKey: certificatesQueryKey });
    } catch (error) {
      setErrors(draftFieldErrors(error));
      if (!isUnauthorized(error)) notify.error(failureMessage(error));
    }
  };

  /** NEUER PRÜFBERICHT: an empty form, the first field focused. */
  const startNext = () => {
    setValues(initialFormValues);
    setErrors({});
    setPrinted(null);
    document.getElementById('cert-brand_id')?.focus();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void guard(send);
  };

  if (brands.isPending) return <Spinner fullPage />;
  if (brands.isError)
    return (
      <div data-testid="certificate-create">
        <LoadError
          message={apiErrorMessage(brands.error) ?? t.brandsFailed}
          onRetry={() => void brands.refetch()}
        />
      </div>
    );

  const invalid = (field: keyof CertificateFormErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-errormessage': `cert-${field}-error` } : {};
  const board = values.machine?.electronic_circuit_board;

  return (
    <form className="cert-create" data-testid="certificate-create" noValidate onSubmit={handleSubmit}>
      {printed && (
        <Suspense fallback={null}>
          <IssuedConfirmation
            certificate={printed.data}
            onPrint={() => setPrinted({ data: printed.data, answeredAt: Date.now(), again: true })}
            onNext={startNext}
          />
        </Suspense>
      )}
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
            maxLength={CHECKED_BY_MAX}
            value={values.checked_by}
            onChange={(event) => update({ checked_by: event.target.value }, 'checked_by')}
            {...invalid('checked_by')}
          />
        </Field>
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
              value={values.origin}
              onChange={(event) => update({ origin: event.target.value as CertificateFormValues['origin'] })}
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
      {printed && repeat && (
        <ConfirmDialog
          open
          title={t.repeatTitle}
          message={t.repeatMessage(printed.data)}
          confirmLabel={t.repeatConfirm}
          cancelLabel={t.repeatCancel}
          onConfirm={() => {
            setRepeat(null);
            void guard(() => issue(repeat));
          }}
          onCancel={() => setRepeat(null)}
        />
      )}
      {printed && (
        <Suspense fallback={null}>
          <PrintRoot data={printed.data} answeredAt={printed.answeredAt} />
        </Suspense>
      )}
    </form>
  );
}
