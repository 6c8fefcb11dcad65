import { apiErrorMessage, LoadError, Spinner, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { useState } from 'react';
import { useAccounts } from '../api/get-accounts';
import { adminCatalogs } from '../catalogs';
import { AccountsTable } from './accounts-table';
import { AddAccountForm } from './add-account-form';
import { AdminNav } from './admin-nav';
import { EditAccount } from './edit-account';
import { SettingsCard } from './settings-card';
import '../../../components/page.css';
import './admin.css';

/** `/admin/accounts`: every staff account, adding one, changing roles, password and status; the 2FA rule. */
export default function AccountsPage() {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const accounts = useAccounts();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = accounts.data?.find((account) => account.id === editingId) ?? null;

  return (
    <div className="sh-page">
      <AdminNav />
      <div className="sh-page__title">
        <h1>{t('accounts.heading')}</h1>
        {!adding && (
          <button type="button" className="sui-button" onClick={() => setAdding(true)}>
            {t('accounts.add')}
          </button>
        )}
      </div>
      {adding && <AddAccountForm onDone={() => setAdding(false)} />}
      {editing && <EditAccount key={editing.id} account={editing} onClose={() => setEditingId(null)} />}
      {accounts.isError && (
        <LoadError
          message={apiErrorMessage(accounts.error) ?? appT('failed')}
          onRetry={() => accounts.refetch()}
        />
      )}
      {accounts.isPending && <Spinner />}
      {accounts.data && <AccountsTable accounts={accounts.data} onEdit={setEditingId} />}
      <SettingsCard />
    </div>
  );
}
