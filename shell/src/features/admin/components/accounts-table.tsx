import { formatDateTime, ROLE_LABELS, staffRoutes, type Account } from 'contracts';
import { Link } from 'react-router-dom';
import { adminMessages } from '../messages';

const text = adminMessages.accounts;

/** Every staff account with its roles, status and last sign-in; each opens its editor or its history. */
export function AccountsTable({ accounts, onEdit }: { accounts: Account[]; onEdit: (id: number) => void }) {
  return (
    <div className="sh-card sh-card--table">
      <table className="sh-table" aria-label={text.heading}>
        <thead>
          <tr>
            <th scope="col">{text.email}</th>
            <th scope="col">{text.roles}</th>
            <th scope="col">{text.status}</th>
            <th scope="col">{text.lastSignIn}</th>
            <th scope="col">{text.twoFactor}</th>
            <th scope="col">{text.actions}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} data-testid={`account-${account.email}`}>
              <td>
                {account.email}
                {account.name && <div className="sh-muted">{account.name}</div>}
              </td>
              <td>
                {account.roles.map((role) => (
                  <span key={role} className="sh-badge">
                    {ROLE_LABELS[role]}
                  </span>
                ))}
              </td>
              <td>
                {account.disabled ? (
                  <span className="sh-badge sh-badge--off">{text.disabled}</span>
                ) : account.locked_until ? (
                  <span className="sh-badge sh-badge--off">
                    {text.lockedUntil(formatDateTime(account.locked_until))}
                  </span>
                ) : (
                  <span className="sh-badge">
                    {account.must_change_password ? text.mustChange : text.active}
                  </span>
                )}
              </td>
              <td>{account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : text.never}</td>
              <td>
                {account.two_factor ? text.on : text.off}
                {account.two_factor_required && <div className="sh-muted">{text.requiredForAccount}</div>}
              </td>
              <td className="sh-table__actions">
                <button
                  type="button"
                  className="sui-link-button"
                  onClick={() => onEdit(account.id)}
                  aria-label={`${text.manage}: ${account.email}`}
                >
                  {text.manage}
                </button>
                <Link
                  to={`${staffRoutes.auditLog}?subject_type=account&subject_id=${account.id}`}
                  aria-label={`${text.history}: ${account.email}`}
                >
                  {text.history}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
