import type { FormEvent, ReactNode } from 'react';
import { Logo } from '../../../components/logo';

/** The white card on the dark page, with the logo and the step's heading. */
export function LoginCard({
  heading,
  onSubmit,
  children,
}: {
  heading: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <main className="sh-login">
      <form className="sh-login__card" onSubmit={onSubmit} noValidate aria-labelledby="login-heading">
        <Logo variant="light" />
        <h1 id="login-heading" className="sh-login__heading">
          {heading}
        </h1>
        {children}
      </form>
    </main>
  );
}
