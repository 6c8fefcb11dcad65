import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, formatDayTime, LoadError, meQuery, meQueryKey, Spinner, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { shellCatalogs } from '../../../catalogs';
import { LanguageSwitch } from '../../../components/language-switch';
import { useChangeLanguage } from '../api/change-language';
import { SignOutDialog } from '../../../components/sign-out-dialog';
import { useSignIns } from '../api/get-sign-ins';
import { signOutEverywhere } from '../api/sign-out-everywhere';
import { accountCatalogs } from '../catalogs';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorPanel } from './two-factor-panel';
import '../../../components/page.css';
import './account.css';

/** `/account`: the signed-in account's password, two-factor sign-in, sessions and recent sign-ins. */
export default function AccountPage() {
  const t = useT(accountCatalogs);
  const appT = useT(appCatalogs);
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  if (me.isError)
    return <LoadError message={apiErrorMessage(me.error) ?? appT('failed')} onRetry={() => me.refetch()} />;
  if (!me.data) return <Spinner />;
  return (
    <div className="sh-page">
      <h1>{t('heading')}</h1>
      <p className="sh-page__lead">
        {me.data.name ? `${me.data.name} · ` : ''}
        {me.data.email} · {t('roles')}: {me.data.roles.map((role) => appT(`role.${role}`)).join(', ')}
      </p>
      <section className="sh-card" aria-labelledby="password-heading">
        <h2 id="password-heading">{t('password.heading')}</h2>
        <ChangePasswordForm onChanged={refresh} />
      </section>
      <section className="sh-card" aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">{t('twoFactor.heading')}</h2>
        <TwoFactorPanel me={me.data} onChanged={refresh} />
      </section>
      <LanguageCard />
      <SessionsCard />
      <SignInsCard me={me.data} />
    </div>
  );
}

function LanguageCard() {
  const t = useT(shellCatalogs);
  const changeLanguage = useChangeLanguage();
  return (
    <section className="sh-card" aria-labelledby="language-heading">
      <h2 id="language-heading">{t('language.label')}</h2>
      <p>{t('language.hint')}</p>
      <LanguageSwitch
        disabled={changeLanguage.isPending}
        onChange={(language) => changeLanguage.mutate(language)}
      />
    </section>
  );
}

function SessionsCard() {
  const t = useT(accountCatalogs);
  const [open, setOpen] = useState(false);
  return (
    <section className="sh-card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('sessions.heading')}</h2>
      <p>{t('sessions.hint')}</p>
      <button type="button" className="sui-button sui-button--secondary" onClick={() => setOpen(true)}>
        {t('sessions.button')}
      </button>
      <SignOutDialog
        open={open}
        title={t('sessions.button')}
        question={t('sessions.question')}
        end={signOutEverywhere}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}

function SignInsCard({ me }: { me: Me }) {
  const t = useT(accountCatalogs);
  const appT = useT(appCatalogs);
  const signIns = useSignIns(me.id);
  return (
    <section className="sh-card" aria-labelledby="sign-ins-heading">
      <h2 id="sign-ins-heading">{t('signIns.heading')}</h2>
      {signIns.isError && (
        <LoadError
          message={apiErrorMessage(signIns.error) ?? appT('failed')}
          onRetry={() => signIns.refetch()}
        />
      )}
      {signIns.data?.length === 0 && <p>{t('signIns.none')}</p>}
      {!!signIns.data?.length && (
        <table className="sh-table">
          <thead>
            <tr>
              <th scope="col">{t('signIns.at')}</th>
              <th scope="col">{t('signIns.result')}</th>
              <th scope="col">{t('signIns.address')}</th>
            </tr>
          </thead>
          <tbody>
            {signIns.data.map((signIn, index) => (
              <tr key={`${signIn.at}-${index}`}>
                <td>{formatDayTime(signIn.at)}</td>
                <td className={signIn.ok ? undefined : 'sh-table__warn'}>
                  {signIn.ok ? t('signIns.ok') : t('signIns.failed')}
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
