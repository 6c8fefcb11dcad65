import { AUDIT_ACTIONS } from 'contracts';
import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { messages } from 'shared-ui';
import { useAccounts } from '../api/get-accounts';
import { adminMessages } from '../messages';

const text = adminMessages.audit;
const FILTERS = ['account_id', 'action', 'subject_type', 'subject_id', 'from', 'to'] as const;

function Labeled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The audit trail's filters, kept in the address; `onChange` runs before the address changes. */
export function AuditFilters({ onChange }: { onChange: () => void }) {
  const [params, setParams] = useSearchParams();
  const accounts = useAccounts();
  const value = (key: (typeof FILTERS)[number]) => params.get(key) ?? '';

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(form.get(key) ?? params.get(key) ?? '');
      if (value) next.set(key, value);
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
      <Labeled id="audit-account" label={text.account}>
        <select id="audit-account" name="account_id" className="sui-input" defaultValue={value('account_id')}>
          <option value="">{text.anyAccount}</option>
          {accounts.data?.map((account) => (
            <option key={account.id} value={account.id}>
              {account.email}
            </option>
          ))}
        </select>
      </Labeled>
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
