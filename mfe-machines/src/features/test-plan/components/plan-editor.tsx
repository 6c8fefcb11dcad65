import { useQueryClient } from '@tanstack/react-query';
import { REASON_MAX, type TestPlan } from 'contracts';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { apiErrorMessage, apiFieldErrors, ConfirmDialog, httpStatus, notify, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import { testPlanQueryKey } from '../api/get-test-plan';
import { useSaveTestPlan } from '../api/save-test-plan';
import {
  draftOf,
  fieldOf,
  keyFromTitle,
  moveStep,
  newStep,
  stepOf,
  validatePlan,
  type DraftStep,
} from '../plan-draft';
import { inputId, stepName, StepFields } from './step-fields';

const STEP_FIELD = /^steps\.(\d+)\.(.+)$/;
const REASON_ID = 'plan-reason';

/** The messages of step `index` by its field name after `steps.N.`. */
function stepErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) {
    const [, at, field] = STEP_FIELD.exec(name) ?? [];
    if (Number(at) === index) found[field] = message;
  }
  return found;
}

/**
 * The plan's steps as a form. Keyed by the plan's version by its parent: after a save, a copy or a reload it
 * starts over from what is stored.
 */
export function PlanEditor({ plan }: { plan: TestPlan }) {
  const t = useT(machineCatalogs);
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<DraftStep[]>(() => plan.steps.map(draftOf));
  const [retestAll, setRetestAll] = useState(plan.retest_all ?? false);
  // Why the plan changes: required from the second stored version on (api/src/modules/test-plans).
  const [reason, setReason] = useState('');
  const needsReason = plan.version > 0;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Closed steps keep a long plan short; a new step and a step with a mistake open.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const save = useSaveTestPlan(plan.machine_id);
  const leaving = useLeaveGuard(dirty);

  /** Focuses the field of the first message, in the order of the steps. */
  const show = (found: Record<string, string>) => {
    const wrong = steps.filter((_, index) => Object.keys(stepErrors(found, index)).length > 0);
    flushSync(() => {
      setErrors(found);
      setExpanded((current) => new Set([...current, ...wrong.map((step) => step.uid)]));
    });
    const first = steps.findIndex((_, index) => Object.keys(stepErrors(found, index)).length > 0);
    if (first >= 0) {
      const field = Object.keys(stepErrors(found, first))[0];
      document.getElementById(inputId(steps[first], field))?.focus();
    } else if (found.steps) document.getElementById('plan-steps-heading')?.focus();
    else if (found.reason) document.getElementById(REASON_ID)?.focus();
    return Object.keys(found).length > 0;
  };

  const change = (index: number, changed: Partial<DraftStep>, field: string) => {
    setDirty(true);
    setErrors((current) => {
      const rest = { ...current };
      delete rest[fieldOf(index, field)];
      // A new step's key follows its title (below): its message goes with the title's.
      if (changed.title && steps[index]?.isNew) delete rest[fieldOf(index, 'key')];
      return rest;
    });
    setSteps((current) =>
      current.map((step, at) => {
        if (at !== index) return step;
        const next = { ...step, ...changed };
        // A new step's key follows its German title until someone types a key of their own.
        if (step.isNew && changed.title) {
          const others = current.filter((_, other) => other !== index).map((other) => other.key);
          if (step.key === '' || step.key === keyFromTitle(step.title.de, others))
            next.key = keyFromTitle(next.title.de, others);
        }
        return next;
      }),
    );
  };

  // Messages are by position: after a move or removal they would name the wrong step.
  // The keyboard stays where the user was (the moved button, the list's heading, a new step's title): the
  // steps are rendered at once so that the element to focus is there.
  const restructure = (next: DraftStep[], focus: string, said: string) => {
    flushSync(() => {
      setDirty(true);
      setErrors({});
      setSteps(next);
      setAnnouncement(said);
    });
    document.getElementById(focus)?.focus();
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const step = steps[index];
    const focus = inputId(step, to === 0 ? 'down' : to === steps.length - 1 ? 'up' : by < 0 ? 'up' : 'down');
    restructure(moveStep(steps, index, to), focus, stepName(t, to + 1, step.title.de));
  };

  const remove = (index: number) =>
    restructure(
      steps.filter((_, at) => at !== index),
      'plan-steps-heading',
      `${t('plan.remove')}: ${stepName(t, index + 1, steps[index].title.de)}`,
    );

  const add = () => {
    const step = newStep();
    setExpanded((current) => new Set([...current, step.uid]));
    restructure([...steps, step], inputId(step, 'title.de'), stepName(t, steps.length + 1, ''));
  };

  const reload = () => void queryClient.invalidateQueries({ queryKey: testPlanQueryKey(plan.machine_id) });

  const discard = () => {
    setSteps(plan.steps.map(draftOf));
    setRetestAll(plan.retest_all ?? false);
    setReason('');
    setErrors({});
    setDirty(false);
    setChangedMeanwhile(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChangedMeanwhile(false);
    const found = validatePlan(steps);
    if (needsReason && !reason.trim()) found.reason = t('plan.reasonMissing');
    if (show(found)) return;
    save.mutate(
      {
        steps: steps.map(stepOf),
        based_on: plan.version,
        retest_all: retestAll,
        ...(reason.trim() ? { reason } : {}),
      },
      {
        onSuccess: (saved) => notify.success(t('plan.saved', { version: saved.version })),
        onError: (error) => {
          if (httpStatus(error) === 409) return setChangedMeanwhile(true);
          const fields = apiFieldErrors(error);
          if (Object.keys(fields).length > 0) {
            show(fields);
            notify.error(t('plan.refused'));
          } else notify.error(apiErrorMessage(error) ?? t('plan.saveFailed'));
        },
      },
    );
  };

  return (
    <form className="mach-plan" noValidate onSubmit={submit} aria-labelledby="plan-steps-heading">
      <h2 id="plan-steps-heading" className="mach-subtitle" tabIndex={-1}>
        {t('plan.steps')} ({steps.length})
      </h2>
      {errors.steps && (
        <p className="sui-field-error" role="alert">
          {errors.steps}
        </p>
      )}
      <ol className="mach-plan__steps">
        {steps.map((step, index) => (
          <li key={step.uid}>
            <StepFields
              step={step}
              position={index + 1}
              count={steps.length}
              errors={stepErrors(errors, index)}
              onChange={(changed, field) => change(index, changed, field)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
              expanded={expanded.has(step.uid)}
              onToggle={() =>
                setExpanded((current) => {
                  const next = new Set(current);
                  if (!next.delete(step.uid)) next.add(step.uid);
                  return next;
                })
              }
            />
          </li>
        ))}
      </ol>
      <p className="sui-visually-hidden" role="status">
        {announcement}
      </p>
      <label className="mach-check">
        <input
          type="checkbox"
          checked={retestAll}
          aria-describedby="plan-retest-all-hint"
          onChange={(event) => {
            setRetestAll(event.target.checked);
            setDirty(true);
          }}
        />
        {t('plan.retestAll')}
      </label>
      <p id="plan-retest-all-hint" className="mach-hint">
        {t('plan.retestAllHint')}
      </p>
      {changedMeanwhile && (
        <div className="mach-plan__conflict" role="alert">
          <p>{t('plan.changed')}</p>
          <button type="button" className="sui-button sui-button--secondary" onClick={reload}>
            {t('plan.reload')}
          </button>
        </div>
      )}
      {needsReason && (
        <div className="sui-field mach-plan__reason-field">
          <label htmlFor={REASON_ID}>{t('plan.reason')} *</label>
          <textarea
            id={REASON_ID}
            className="sui-input"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setDirty(true);
              setErrors(({ reason: _, ...rest }) => rest);
            }}
            aria-describedby={`${REASON_ID}-hint${errors.reason ? ` ${REASON_ID}-error` : ''}`}
            {...(errors.reason ? { 'aria-invalid': true } : {})}
          />
          <p id={`${REASON_ID}-hint`} className="mach-hint">
            {t('plan.reasonHint')}
          </p>
          {errors.reason && (
            <p id={`${REASON_ID}-error`} className="sui-field-error">
              {errors.reason}
            </p>
          )}
        </div>
      )}
      <div className="mach-actions mach-plan__actions">
        <button type="button" className="sui-button sui-button--secondary" onClick={add}>
          {t('plan.add')}
        </button>
        <span className="mach-toolbar__spacer" />
        {dirty && (
          <button type="button" className="sui-link-button" onClick={discard}>
            {t('plan.discard')}
          </button>
        )}
        <button type="submit" className="sui-button" disabled={save.isPending}>
          {t('plan.save')}
        </button>
      </div>
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        title={t('plan.leaveTitle')}
        message={t('plan.leaveMessage')}
        confirmLabel={t('plan.leaveConfirm')}
        cancelLabel={t('plan.leaveCancel')}
        onConfirm={() => leaving.proceed?.()}
        onCancel={() => leaving.reset?.()}
      />
    </form>
  );
}
