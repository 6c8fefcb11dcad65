import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiErrorMessage, ConfirmDialog, machinesQuery, notify, SearchBox, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { useCopyTestPlan } from '../api/copy-test-plan';

/** The machines one search shows to choose from; a longer list is narrowed by searching. */
const CHOICES = 50;

/** "Von anderer Maschine kopieren": another machine's current plan becomes this machine's next version. */
export function CopyPlan({ machineId }: { machineId: number }) {
  const t = useT(machineCatalogs);
  const id = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const machines = useQuery(
    machinesQuery({ search, page: 1, per_page: CHOICES, sort: 'name', order: 'asc' }),
  );
  const others = (machines.data?.data ?? []).filter((machine) => machine.id !== machineId);
  const source = others.find((machine) => String(machine.id) === chosen);
  const copy = useCopyTestPlan(machineId);
  const label = source ? `${source.name} (${source.brand_name})` : '';

  const confirm = () =>
    copy.mutate(Number(chosen), {
      onSuccess: (plan) => {
        setConfirming(false);
        setChosen('');
        notify.success(t('plan.copied', { name: label, version: plan.version }));
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(apiErrorMessage(error) ?? t('plan.copyFailed'));
      },
    });

  return (
    <section className="mach-card mach-plan__copy" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mach-subtitle">
        {t('plan.copyHeading')}
      </h2>
      <div className="mach-plan__copy-row">
        <SearchBox
          label={t('plan.copySearch')}
          buttonLabel={t('plan.copySearchButton')}
          icon
          onSearch={setSearch}
        />
        <div className="sui-field">
          <label htmlFor={`${id}-machine`}>{t('plan.copyMachine')}</label>
          <select
            id={`${id}-machine`}
            className="sui-input"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{others.length > 0 ? t('plan.copyChoose') : t('plan.copyNone')}</option>
            {others.map((machine) => (
              <option key={machine.id} value={machine.id}>
                {machine.name} ({machine.brand_name})
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="sui-button sui-button--secondary"
          disabled={!source || copy.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('plan.copy')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('plan.copyHeading')}
        message={t('plan.copyQuestion', { name: label })}
        confirmLabel={t('plan.copy')}
        cancelLabel={t('plan.copyCancel')}
        busy={copy.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
