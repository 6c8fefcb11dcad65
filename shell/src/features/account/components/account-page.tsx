import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, ROLE_LABELS, type Me } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, LoadError, meQuery, meQueryKey, Spinner } from 'shared-ui';
import { SignOutDialog } from '../../../components/sign-out-dialog';
import { useSignIns } from '../api/get-sign-ins';
import { signOutEverywhere } from '../api/sign-out-everywhere';
import { accountMessages } from '../messages';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorPanel } from './two-factor-panel';
import '../../../components/page.css';
import './account.css';

/** `/account`: the signed-in account's password, two-factor sign-in, sessions and recent sign-ins. */
export default function AccountPage() {
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  if (me.isError)
    return (
      <LoadError message={apiErrorMessage(me.error) ?? accountMessages.failed} onRetry={() => me.refetch()} />
    );
  if (!me.data) return <Spinner />;
  return (
    <div className="sh-page">
      <h1>{accountMessages.heading}</h1>
      <p className="sh-page__lead">
        {me.data.name ? `${me.data.name} · ` : ''}
        {me.data.email} · {accountMessages.roles}: {me.data.roles.map((role) => ROLE_LABELS[role]).join(', ')}
      </p>
      <section className="sh-card" aria-labelledby="password-heading">
        <h2 id="password-heading">{accountMessages.password.heading}</h2>
        <ChangePasswordForm onChanged={refresh} />
      </section>
      <section className="sh-card" aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">{accountMessages.twoFactor.heading}</h2>
        <TwoFactorPanel me={me.data} onChanged={refresh} />
      </section>
      <SessionsCard />
      <SignInsCard me={me.data} />
    </div>
  );
}

function SessionsCard() {
  const text = accountMessages.sessions;
  const [open, setOpen] = useState(false);
  return (
    <section className="sh-card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{text.heading}</h2>
      <p>{text.hint}</p>
      <button type="button" className="sui-button sui-button--secondary" onClick={() => setOpen(true)}>
        {text.button}
      </button>
      <SignOutDialog
        open={open}
        title={text.button}
        question={text.question}
        end={signOutEverywhere}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}

function SignInsCard({ me }: { me: Me }) {
  const text = accountMessages.signIns;
  const signIns = useSignIns(me.id);
  return (
    <section className="sh-card" aria-labelledby="sign-ins-heading">
      <h2 id="sign-ins-heading">{text.heading}</h2>
      {signIns.isError && (
        <LoadError
          message={apiErrorMessage(signIns.error) ?? accountMessages.failed}
          onRetry={() => signIns.refetch()}
        />
      )}
      {signIns.data?.length === 0 && <p>{text.none}</p>}
      {!!signIns.data?.length && (
        <table className="sh-table">
          <thead>
            <tr>
              <th scope="col">{text.at}</th>
              <th scope="col">{text.result}</th>
              <th scope="col">{text.address}</th>
            </tr>
          </thead>
          <tbody>
            {signIns.data.map((signIn, index) => (
              <tr key={`${signIn.at}-${index}`}>
                <td>{formatDateTime(signIn.at)}</td>
                <td className={signIn.ok ? undefined : 'sh-table__warn'}>
                  {signIn.ok ? text.ok : text.failed}
                </td>
                <td>{signIn.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
