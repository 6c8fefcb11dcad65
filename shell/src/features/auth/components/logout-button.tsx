import { useState } from 'react';
import { messages } from 'shared-ui';
import { logout } from '../api/logout';
import { SignOutDialog } from '../../../components/sign-out-dialog';

const text = messages.logout;

/** Sign-out icon and its confirmation: JA revokes the session, NEIN/Escape/outside keeps it. */
export function LogoutButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="sh-header__icon-button"
        aria-label={text.button}
        title={text.button}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            transform="translate(24 0) scale(-1 1)"
          />
        </svg>
      </button>
      <SignOutDialog
        open={open}
        title={text.title}
        question={text.question}
        end={logout}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
