import type { Registration } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, formatDay, httpStatus, LoadError, Spinner, useT } from 'shared-ui';
import { useDeleteRegistration, useRegistrations } from '../api/registrations';
import { machineCatalogs } from '../../../catalogs';
import '../../../styles/documents.css';

/** Deletes one registration on its owner's request, with the request as the reason (audited without the owner). */
function DeleteForm({ registration }: { registration: Registration }) {
  const t = useT(machineCatalogs);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteRegistration();
  const id = `registration-reason-${registration.id}`;
  return (
    <form
      className="mach-docs__sent"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        remove.mutate(
          { id: registration.id, reason },
          { onError: (failure) => setError(apiErrorMessage(failure) ?? t('registrations.failed')) },
        );
      }}
    >
      <label htmlFor={id}>{t('registrations.reason')}</label>
      <input
        id={id}
        className="sui-input"
        value={reason}
        maxLength={500}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="sui-button" disabled={remove.isPending || !reason.trim()}>
        {t('registrations.delete')}
      </button>
      {error && (
        <p className="sui-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Owners' registrations of their units (docs/decisions/0045-registrations-and-mail.md): personal data, read by the
 * quality department and administrators only, deleted on request.
 */
export default function RegistrationsPanel() {
  const t = useT(machineCatalogs);
  const registrations = useRegistrations();
  if (registrations.isPending) return <Spinner />;
  if (httpStatus(registrations.error) === 403) return <p role="status">{t('registrations.forbidden')}</p>;
  if (registrations.isError)
    return <LoadError message={t('registrations.loadFailed')} onRetry={() => void registrations.refetch()} />;
  return (
    <section className="mach-docs" aria-labelledby="registrations-title" data-testid="registrations">
      <h2 id="registrations-title" className="mach-subtitle">
        {t('registrations.title')}
      </h2>
      <p>{t('registrations.intro')}</p>
      {registrations.data.data.length === 0 ? (
        <p>{t('registrations.empty')}</p>
      ) : (
        <div className="mach-docs__scroll">
          <table className="mach-docs__table" aria-label={t('registrations.title')}>
            <thead>
              <tr>
                <th scope="col">{t('registrations.columns.created')}</th>
                <th scope="col">{t('registrations.columns.serial')}</th>
                <th scope="col">{t('registrations.columns.owner')}</th>
                <th scope="col">{t('registrations.columns.status')}</th>
                <th scope="col">{t('registrations.columns.delete')}</th>
              </tr>
            </thead>
            <tbody>
              {registrations.data.data.map((registration) => (
                <tr key={registration.id} data-testid="registration-row">
                  <td>{formatDay(registration.created_at)}</td>
                  <td>{registration.serial}</td>
                  <td className="mach-docs__recipient">
                    {registration.owner}
                    <div>{registration.email}</div>
                    <div>
                      {registration.country} · {formatDay(registration.purchased_on)}
                      {registration.dealer && ` · ${registration.dealer}`}
                    </div>
                  </td>
                  <td>
                    {registration.status === 'conflict'
                      ? t('registrations.conflict')
                      : registration.confirmed_at
                        ? t('registrations.confirmed', { day: formatDay(registration.confirmed_at) })
                        : registration.mailed
                          ? t('registrations.awaiting')
                          : t('registrations.unconfirmed')}
                    {registration.unsubscribed_at && (
                      <div className="mach-inst__muted">
                        {t('registrations.unsubscribed', { day: formatDay(registration.unsubscribed_at) })}
                      </div>
                    )}
                  </td>
                  <td>
                    <DeleteForm registration={registration} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
