import { useQuery } from '@tanstack/react-query';
import type { Certificate, CertificateDraft, ResultsBody } from 'contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  brandsQuery,
  ConfirmDialog,
  isHttpError,
  LoadError,
  machinesByBrandQuery,
  meQuery,
  notify,
  Spinner,
  useSubmitGuard,
  useT,
} from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { submitOnlyByShortcut } from '../../../components/form-keys';
import { draftFieldErrors, idempotencyKeys, useCreateCertificate } from '../api/create-certificate';
import { useTestPlan } from '../../../api/get-test-plan';
import {
  emptyResults,
  initialFormValues,
  testerName,
  toCertificateDraft,
  unitCount,
  validateCertificateForm,
  type CertificateFormErrors,
  type CertificateFormValues,
} from '../certificate-form';
import { clearDraft, loadDraft, saveDraft } from '../draft-storage';
import { failureMessage, isRepeat, isUnauthorized, splitFieldErrors } from '../issue-rules';
import { CertificateExtraFields } from './certificate-extra-fields';
import { CertificateTopFields, loadChoiceSelect } from './certificate-top-fields';
import { IssueBar } from './issue-bar';
import { loadTestEntry, PlanSection } from './plan-section';
import { SelectionPreview } from './selection-preview';
import '../../../styles/remote.css';
import './certificate-create.css';

/**
 * The print of the archived PDF is its own chunk, outside the tab's first load (docs/architecture.md#budgets);
 * the form starts fetching it on mount, so it is there long before the first answer.
 */
const loadPdf = () => import('../../../components/certificate-pdf');
const CertificatePdf = lazy(loadPdf);
/** What was just issued shows only after an answer: its own chunk too, fetched on mount like the print. */
const loadConfirmation = () => import('./issued-confirmation');
const IssuedConfirmation = lazy(() =>
  loadConfirmation().then((module) => ({ default: module.IssuedConfirmation })),
);
/** The checks of the plan's values, with the grid's chunk (plan-section.tsx). */
const loadStepEntry = () => import('../../../components/test-entry/step-entry');

/** The form's fields with a message, top to bottom. */
const FIELD_ORDER = ['brand_id', 'machine_id', 'checked_by', 'quantity'] as const;

/**
 * Tab "Prüfbericht erstellen": pick brand and machine, enter the machine's test plan (per certificate, and per
 * unit in a grid), WEITER creates one certificate, shows its archived PDF and opens the print dialog for it. Enter in a
 * field never issues; the draft survives a network failure and a reload (draft-storage.ts).
 */
export default function CertificateCreatePage() {
  const t = useT(certificateCatalogs);
  const [stored] = useState(loadDraft);
  const [values, setValues] = useState<CertificateFormValues>(stored?.values ?? initialFormValues);
  const [errors, setErrors] = useState<CertificateFormErrors>({});
  /** Messages of the plan's values, keyed like the API's 400 (`results.units.<k>.<key>`). */
  const [valueErrors, setValueErrors] = useState<Record<string, string>>({});
  /** The last send failed without an answer: the server could not be reached. */
  const [offline, setOffline] = useState(false);
  const [printed, setPrinted] = useState<{
    data: Certificate;
    answeredAt: number;
    /** The form as it was issued: not kept as a draft while it stays unchanged on screen. */
    values: CertificateFormValues;
    /** DRUCKEN on the confirmation: the same pages again. */
    again?: boolean;
  } | null>(null);
  const guard = useSubmitGuard();
  const brands = useQuery(brandsQuery);
  const me = useQuery(meQuery);
  const tester = testerName(me.data);
  // Nothing is fetched until a brand is chosen.
  const brandId = values.brand?.id ?? 0;
  const machines = useQuery({ ...machinesByBrandQuery(brandId), enabled: brandId > 0 });
  const plan = useTestPlan(values.machine?.id ?? 0);
  const create = useCreateCertificate();
  const [keys] = useState(() => idempotencyKeys(stored?.pending));
  /** The draft that looks like the certificate just issued, waiting for the user's answer. */
  const [repeat, setRepeat] = useState<CertificateDraft | null>(null);
  /** A draft with failed units, waiting for the user's answer: issue anyway, or back to the values. */
  const [failing, setFailing] = useState<{ draft: CertificateDraft; count: number } | null>(null);
  /** The draft with failed units the user chose to issue: a retry after a lost answer does not ask again. */
  const confirmedFailing = useRef('');
  /** Bumped to move the keyboard to the first value with a message once it is rendered. */
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  /** The grid's rows: the last valid quantity, so retyping the quantity keeps the rows meanwhile. */
  const [units, setUnits] = useState(() => unitCount(values.quantity) ?? 1);

  useEffect(() => {
    void loadChoiceSelect();
    void loadPdf();
    void loadConfirmation();
    void loadTestEntry();
  }, []);

  useEffect(() => {
    // Nothing to keep: an untouched form, or what was just issued still on screen.
    if (values === initialFormValues || values === printed?.values) clearDraft();
    else saveDraft({ values, pending: keys.pending() });
  }, [values, printed, keys]);

  useEffect(() => {
    if (focusRequest) form.current?.querySelector<HTMLElement>('[data-value-error]')?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<CertificateFormValues>, field?: keyof CertificateFormErrors) => {
    setValues((current) => ({
      ...current,
      ...patch,
      // Another machine has another plan: its values start empty.
      ...('machine' in patch && patch.machine?.id !== current.machine?.id && { results: emptyResults() }),
    }));
    if ('machine' in patch) setValueErrors({});
    const count = patch.quantity === undefined ? undefined : unitCount(patch.quantity);
    if (count) setUnits(count);
    if (field) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const updateResults = useCallback((next: (current: ResultsBody) => ResultsBody, changed: string[]) => {
    setValues((current) => ({ ...current, results: next(current.results) }));
    if (changed.length)
      setValueErrors((current) => {
        const rest = { ...current };
        for (const key of changed) delete rest[key];
        return rest;
      });
  }, []);

  const send = async () => {
    const found = validateCertificateForm(values, tester);
    const { valueErrors: checkValues, resultsToSend, failingUnits } = await loadStepEntry();
    const steps = plan.data?.steps ?? [];
    const foundValues = plan.data ? checkValues(steps, values.results, units) : {};
    setErrors(found);
    setValueErrors(foundValues);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      // The keyboard goes to the first field with a message (the browser scrolls it into view).
      document.getElementById(`cert-${firstInvalid}`)?.focus();
      return;
    }
    if (!plan.data) {
      notify.error(t('create.planMissing'));
      return;
    }
    if (Object.keys(foundValues).length) {
      setFocusRequest((request) => request + 1);
      return;
    }
    const draft = toCertificateDraft(values, tester, resultsToSend(steps, values.results, units));
    if (printed && isRepeat(printed, draft)) {
      setRepeat(draft);
      return;
    }
    await issueUnlessFailing(draft, failingUnits(steps, values.results, units));
  };

  /** Asks once before a certificate with failed units is issued. */
  const issueUnlessFailing = async (draft: CertificateDraft, count: number) => {
    if (count > 0 && JSON.stringify(draft) !== confirmedFailing.current) setFailing({ draft, count });
    else await issue(draft, values);
  };

  /** An empty form: no brand, machine or values. */
  const clearForm = () => {
    setValues(initialFormValues);
    setUnits(unitCount(initialFormValues.quantity) ?? 1);
    setErrors({});
    setValueErrors({});
  };

  const issue = async (draft: CertificateDraft, sent: CertificateFormValues) => {
    setOffline(false);
    const idempotencyKey = keys.keyFor(draft);
    // The key is kept with the draft before it leaves: a reload during a lost answer sends it again.
    saveDraft({ values: sent, pending: keys.pending() });
    try {
      const data = await create.mutateAsync({ draft, idempotencyKey });
      keys.issued();
      setPrinted({ data, answeredAt: Date.now(), values: sent });
      // The form is empty for the next certificate; the one issued stays above it with its print.
      clearForm();
    } catch (error) {
      const { withInstrumentNames } = await loadStepEntry();
      const fields = splitFieldErrors(withInstrumentNames(error, draftFieldErrors(error)));
      setErrors(fields.others);
      setValueErrors(fields.values);
      if (Object.keys(fields.values).length) setFocusRequest((request) => request + 1);
      if (isUnauthorized(error)) return;
      // No answer at all: said on the form, with the retry beside WEITER, until the next send.
      if (!isHttpError(error)) setOffline(true);
      else notify.error(failureMessage(error));
    }
  };

  /** NEUER PRÜFBERICHT: an empty form without the one issued, the first field focused. */
  const startNext = () => {
    clearForm();
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
          message={apiErrorMessage(brands.error) ?? t('create.brandsFailed')}
          onRetry={() => void brands.refetch()}
        />
      </div>
    );

  return (
    // Whole or not at all while react-select's chunk arrives (certificate-top-fields.tsx).
    <Suspense fallback={<Spinner fullPage />}>
      <form
        ref={form}
        className="cert-create"
        data-testid="certificate-create"
        noValidate
        onSubmit={handleSubmit}
        // Enter in a field never issues; Ctrl+Enter does (WEITER's hint).
        onKeyDown={(event) => submitOnlyByShortcut(event, () => void guard(send))}
      >
        {printed && (
          <Suspense fallback={null}>
            <IssuedConfirmation
              certificate={printed.data}
              onPrint={() => setPrinted({ ...printed, answeredAt: Date.now(), again: true })}
              onNext={startNext}
            />
            {/* The archived PDF, printed by itself once shown; DRUCKEN above prints it again. */}
            <CertificatePdf
              certificate={printed.data}
              printKind={printed.again ? 'reprint' : 'print'}
              printRequest={printed.answeredAt}
            />
          </Suspense>
        )}
        <CertificateTopFields
          values={values}
          errors={errors}
          brands={brands.data}
          tester={tester}
          machines={machines}
          update={update}
        />
        {values.machine && (
          <PlanSection
            plan={plan}
            units={units}
            values={values.results}
            update={updateResults}
            errors={valueErrors}
          />
        )}

        <div className="cert-create__more">
          <CertificateExtraFields values={values} update={update} />
          <div className="cert-create__previews">
            <SelectionPreview
              caption={t('create.machinePreview')}
              image={values.machine?.image}
              alt={values.machine?.name ?? ''}
            />
            <SelectionPreview
              caption={t('create.brandPreview')}
              image={values.brand?.logo}
              alt={values.brand?.name ?? ''}
            />
          </div>
        </div>

        <IssueBar sending={create.isPending} offline={offline} onRetry={() => void guard(send)} />
        {printed && repeat && (
          <ConfirmDialog
            open
            title={t('create.repeatTitle')}
            message={t('create.repeatMessage', {
              id: printed.data.id,
              quantity: printed.data.quantity,
              first: printed.data.first_serial,
              last: printed.data.last_serial,
            })}
            confirmLabel={t('create.repeatConfirm')}
            cancelLabel={t('create.repeatCancel')}
            onConfirm={() => {
              setRepeat(null);
              void guard(async () => {
                const { failingUnits } = await loadStepEntry();
                await issueUnlessFailing(repeat, failingUnits(plan.data?.steps ?? [], values.results, units));
              });
            }}
            onCancel={() => setRepeat(null)}
          />
        )}
        {failing && (
          <ConfirmDialog
            open
            title={t('create.failedTitle', { count: failing.count })}
            message={t('create.failedMessage', { count: failing.count })}
            confirmLabel={t('create.failedConfirm')}
            cancelLabel={t('create.failedCancel')}
            onConfirm={() => {
              setFailing(null);
              confirmedFailing.current = JSON.stringify(failing.draft);
              void guard(() => issue(failing.draft, values));
            }}
            onCancel={() => setFailing(null)}
          />
        )}
      </form>
    </Suspense>
  );
}
