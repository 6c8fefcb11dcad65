import type { Me } from 'contracts';
import { useT } from 'shared-ui';
import { accountCatalogs } from '../catalogs';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorPanel } from './two-factor-panel';
import '../../../components/page.css';
import './account.css';

/** What an account must do before anything else: its own password first, then two-factor sign-in. */
export default function RequiredStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const t = useT(accountCatalogs);
  const password = me.must_change_password;
  return (
    <div className="sh-page sh-page--narrow">
      <h1>{t(password ? 'password.firstHeading' : 'twoFactor.requiredHeading')}</h1>
      <p className="sh-page__lead">{t(password ? 'password.firstHint' : 'twoFactor.requiredHint')}</p>
      <section className="sh-card" aria-label={t(password ? 'password.heading' : 'twoFactor.heading')}>
        {password ? <ChangePasswordForm onChanged={onDone} /> : <TwoFactorPanel me={me} onChanged={onDone} />}
      </section>
    </div>
  );
}
