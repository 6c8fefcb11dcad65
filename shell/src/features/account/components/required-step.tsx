import type { Me } from 'contracts';
import { accountMessages } from '../messages';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorPanel } from './two-factor-panel';
import '../../../components/page.css';
import './account.css';

/** What an account must do before anything else: its own password first, then two-factor sign-in. */
export default function RequiredStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const password = me.must_change_password;
  const heading = password
    ? accountMessages.password.firstHeading
    : accountMessages.twoFactor.requiredHeading;
  return (
    <div className="sh-page sh-page--narrow">
      <h1>{heading}</h1>
      <p className="sh-page__lead">
        {password ? accountMessages.password.firstHint : accountMessages.twoFactor.requiredHint}
      </p>
      <section
        className="sh-card"
        aria-label={password ? accountMessages.password.heading : accountMessages.twoFactor.heading}
      >
        {password ? <ChangePasswordForm onChanged={onDone} /> : <TwoFactorPanel me={me} onChanged={onDone} />}
      </section>
    </div>
  );
}
