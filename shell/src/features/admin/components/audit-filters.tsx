import { useQuery } from '@tanstack/react-query';
import { allows, AUDIT_ACTIONS } from 'contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { brandsQuery, machinesByBrandQuery, useAuditText, useT } from 'shared-ui';
import { useRoles } from '../../../app/use-roles';
import { useAccounts } from '../api/get-accounts';
import { adminCatalogs } from '../catalogs';

/** Every filter the address keeps; `brand_id` only narrows the machines offered. */
const FILTERS = [
  'account_id',
  'account_email',
  'action',
  'serial',
  'certificate_id',
  'brand_id',
  'machine_id',
  'subject_type',
  'subject_id',
  'from',
  'to',
] as const;

function Labeled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * The audit trail's filters, kept in the address: by account, action, serial, certificate number, machine
 * (chosen within its brand) and days. An administrator picks the account from the list; a reader of the trail
 * without the right to list accounts types its e-mail. `onChange` runs before the address changes.
 */
export function AuditFilters({ onChange }: { onChange: () => void }) {
  const t = useT(adminCatalogs);
  const audit = useAuditText();
  const [params, setParams] = useSearchParams();
  const administers = allows(useRoles(), 'administer');
  const accounts = useAccounts(administers);
  const brands = useQuery(brandsQuery);
  const [brandId, setBrandId] = useState(params.get('brand_id') ?? '');
  const machines = useQuery({ ...machinesByBrandQuery(Number(brandId)), enabled: Boolean(brandId) });
  const value = (key: (typeof FILTERS)[number]) => params.get(key) ?? '';

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      // Without a brand no machine is chosen (its select is disabled, so the form does not send it).
      if (key === 'machine_id' && !form.get('brand_id')) continue;
      const entry = String(form.get(key) ?? params.get(key) ?? '').trim();
      if (entry) next.set(key, entry);
    }
    onChange();
    setParams(next);
  };

  return (
    <form
      className="sh-card sh-filters"
      onSubmit={onFilter}
      aria-label={t('audit.filters')}
      key={params.toString()}
    >
      {administers ? (
        <Labeled id="audit-account" label={t('audit.account')}>
          <select
            id="audit-account"
            name="account_id"
            className="sui-input"
            defaultValue={value('account_id')}
          >
            <option value="">{t('audit.anyAccount')}</option>
            {accounts.data?.map((account) => (
              <option key={account.id} value={account.id}>
                {account.email}
              </option>
            ))}
          </select>
        </Labeled>
      ) : (
        <Labeled id="audit-account-email" label={t('audit.accountEmail')}>
          <input
            id="audit-account-email"
            name="account_email"
            type="email"
            className="sui-input"
            maxLength={254}
            defaultValue={value('account_email')}
          />
        </Labeled>
      )}
      <Labeled id="audit-action" label={t('audit.action')}>
        <select id="audit-action" name="action" className="sui-input" defaultValue={value('action')}>
          <option value="">{t('audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {audit.action(action)}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled id="audit-serial" label={t('audit.serial')}>
        <input
          id="audit-serial"
          name="serial"
          className="sui-input"
          maxLength={64}
          spellCheck={false}
          defaultValue={value('serial')}
        />
      </Labeled>
      <Labeled id="audit-certificate" label={t('audit.certificate')}>
        <input
          id="audit-certificate"
          name="certificate_id"
          className="sui-input"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          defaultValue={value('certificate_id')}
        />
      </Labeled>
      <Labeled id="audit-brand" label={t('audit.brand')}>
        <select
          id="audit-brand"
          name="brand_id"
          className="sui-input"
          value={brandId}
          onChange={(event) => setBrandId(event.target.value)}
        >
          <option value="">{t('audit.anyBrand')}</option>
          {brands.data?.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled id="audit-machine" label={t('audit.machine')}>
        <select
          id="audit-machine"
          name="machine_id"
          className="sui-input"
          disabled={!brandId}
          defaultValue={value('machine_id')}
          key={`${brandId}-${machines.data?.length ?? 0}`}
        >
          <option value="">{brandId ? t('audit.anyMachine') : t('audit.chooseBrandFirst')}</option>
          {machines.data?.map((machine) => (
            <option key={machine.id} value={machine.id}>
              {machine.name}
            </option>
          ))}
        </select>
      </Labeled>
      {(['from', 'to'] as const).map((day) => (
        <Labeled key={day} id={`audit-${day}`} label={t(`audit.${day}`)}>
          <input id={`audit-${day}`} name={day} type="date" className="sui-input" defaultValue={value(day)} />
        </Labeled>
      ))}
      <div className="sh-actions">
        <button type="submit" className="sui-button">
          {t('audit.apply')}
        </button>
        {params.size > 0 && (
          <Link to="?" onClick={onChange}>
            {t('audit.reset')}
          </Link>
        )}
      </div>
    </form>
  );
}
