import { useQuery } from '@tanstack/react-query';
import { allows, AUDIT_ACTIONS } from 'contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { brandsQuery, machinesByBrandQuery, messages } from 'shared-ui';
import { useRoles } from '../../../app/use-roles';
import { useAccounts } from '../api/get-accounts';
import { adminMessages } from '../messages';

const text = adminMessages.audit;
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
      aria-label={text.filters}
      key={params.toString()}
    >
      {administers ? (
        <Labeled id="audit-account" label={text.account}>
          <select
            id="audit-account"
            name="account_id"
            className="sui-input"
            defaultValue={value('account_id')}
          >
            <option value="">{text.anyAccount}</option>
            {accounts.data?.map((account) => (
              <option key={account.id} value={account.id}>
                {account.email}
              </option>
            ))}
          </select>
        </Labeled>
      ) : (
        <Labeled id="audit-account-email" label={text.accountEmail}>
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
      <Labeled id="audit-action" label={text.action}>
        <select id="audit-action" name="action" className="sui-input" defaultValue={value('action')}>
          <option value="">{text.anyAction}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {messages.events.actions[action]}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled id="audit-serial" label={text.serial}>
        <input
          id="audit-serial"
          name="serial"
          className="sui-input"
          maxLength={64}
          spellCheck={false}
          defaultValue={value('serial')}
        />
      </Labeled>
      <Labeled id="audit-certificate" label={text.certificate}>
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
      <Labeled id="audit-brand" label={text.brand}>
        <select
          id="audit-brand"
          name="brand_id"
          className="sui-input"
          value={brandId}
          onChange={(event) => setBrandId(event.target.value)}
        >
          <option value="">{text.anyBrand}</option>
          {brands.data?.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled id="audit-machine" label={text.machine}>
        <select
          id="audit-machine"
          name="machine_id"
          className="sui-input"
          disabled={!brandId}
          defaultValue={value('machine_id')}
          key={`${brandId}-${machines.data?.length ?? 0}`}
        >
          <option value="">{brandId ? text.anyMachine : text.chooseBrandFirst}</option>
          {machines.data?.map((machine) => (
            <option key={machine.id} value={machine.id}>
              {machine.name}
            </option>
          ))}
        </select>
      </Labeled>
      {(['from', 'to'] as const).map((day) => (
        <Labeled key={day} id={`audit-${day}`} label={text[day]}>
          <input id={`audit-${day}`} name={day} type="date" className="sui-input" defaultValue={value(day)} />
        </Labeled>
      ))}
      <div className="sh-actions">
        <button type="submit" className="sui-button">
          {text.apply}
        </button>
        {params.size > 0 && (
          <Link to="?" onClick={onChange}>
            {text.reset}
          </Link>
        )}
      </div>
    </form>
  );
}
