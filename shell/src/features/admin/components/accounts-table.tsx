import { staffRoutes, type Account } from 'contracts';
import { Link } from 'react-router-dom';
import { formatDayTime, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { adminCatalogs } from '../catalogs';

/** Every staff account with its roles, status and last sign-in; each opens its editor or its history. */
export function AccountsTable({ accounts, onEdit }: { accounts: Account[]; onEdit: (id: number) => void }) {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  return (
    <div className="sh-card sh-card--table">
      <table className="sh-table" aria-label={t('accounts.heading')}>
        <thead>
          <tr>
            <th scope="col">{t('accounts.email')}</th>
            <th scope="col">{t('accounts.roles')}</th>
            <th scope="col">{t('accounts.status')}</th>
            <th scope="col">{t('accounts.lastSignIn')}</th>
            <th scope="col">{t('accounts.twoFactor')}</th>
            <th scope="col">{t('accounts.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} data-testid={`account-${account.email}`}>
              <td>
                {account.email}
                {account.name && <div className="sh-muted">{account.name}</div>}
                {account.directory && (
                  <div className="sh-muted">
                    {account.roles_synced_at
                      ? t('accounts.fromDirectorySince', { at: formatDayTime(account.roles_synced_at) })
                      : t('accounts.fromDirectory')}
                  </div>
                )}
              </td>
              <td>
                {account.roles.map((role) => (
                  <span key={role} className="sh-badge">
                    {appT(`role.${role}`)}
                  </span>
                ))}
              </td>
              <td>
                {account.disabled ? (
                  <span className="sh-badge sh-badge--off">{t('accounts.disabled')}</span>
                ) : account.locked_until ? (
                  <span className="sh-badge sh-badge--off">
                    {t('accounts.lockedUntil', { until: formatDayTime(account.locked_until) })}
                  </span>
                ) : (
                  <span className="sh-badge">
                    {account.must_change_password ? t('accounts.mustChange') : t('accounts.active')}
                  </span>
                )}
              </td>
              <td>
                {account.last_sign_in_at ? formatDayTime(account.last_sign_in_at) : t('accounts.never')}
              </td>
              <td>
                {account.two_factor ? t('accounts.on') : t('accounts.off')}
                {account.two_factor_required && (
                  <div className="sh-muted">{t('accounts.requiredForAccount')}</div>
                )}
              </td>
              <td className="sh-table__actions">
                <button
                  type="button"
                  className="sui-link-button"
                  onClick={() => onEdit(account.id)}
                  aria-label={`${t('accounts.manage')}: ${account.email}`}
                >
                  {t('accounts.manage')}
                </button>
                <Link
                  to={`${staffRoutes.auditLog}?subject_type=account&subject_id=${account.id}`}
                  aria-label={`${t('accounts.history')}: ${account.email}`}
                >
                  {t('accounts.history')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
