import { useQuery } from '@tanstack/react-query';
import type { Certificate, CertificateDraft } from 'contracts';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  brandsQuery,
  ConfirmDialog,
  LoadError,
  machinesByBrandQuery,
  notify,
  Spinner,
  useSubmitGuard,
} from 'shared-ui';
import { certMessages } from '../../../messages';
import { draftFieldErrors, idempotencyKeys, useCreateCertificate } from '../api/create-certificate';
import {
  initialFormValues,
  toCertificateDraft,
  validateCertificateForm,
  type CertificateFormErrors,
  type CertificateFormValues,
} from '../certificate-form';
import { failureMessage, isRepeat, isUnauthorized } from '../issue-rules';
import { CertificateCheckFields } from './certificate-check-fields';
import { CertificateTopFields } from './certificate-top-fields';
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
  const brands = useQuery(brandsQuery);
  // Nothing is fetched until a brand is chosen.
  const brandId = values.brand?.id ?? 0;
  const machines = useQuery({ ...machinesByBrandQuery(brandId), enabled: brandId > 0 });
  const create = useCreateCertificate();
  const [keys] = useState(idempotencyKeys);
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

  return (
    <form className="cert-create" data-testid="certificate-create" noValidate onSubmit={handleSubmit}>
      {printed && (
        <Suspense fallback={null}>
          <IssuedConfirmation
            certificate={printed.data}
            printKind={printed.again ? 'reprint' : 'print'}
            onPrint={() => setPrinted({ data: printed.data, answeredAt: Date.now(), again: true })}
            onNext={startNext}
          />
        </Suspense>
      )}
      <CertificateTopFields
        values={values}
        errors={errors}
        brands={brands.data}
        machines={machines}
        update={update}
      />
      <CertificateCheckFields values={values} update={update} />

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
