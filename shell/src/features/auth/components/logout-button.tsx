import { useState } from 'react';
import { useT } from 'shared-ui';
import { shellCatalogs } from '../../../catalogs';
import { logout } from '../api/logout';
import { SignOutDialog } from '../../../components/sign-out-dialog';

/** Sign-out icon and its confirmation: JA revokes the session, NEIN/Escape/outside keeps it. */
export function LogoutButton() {
  const t = useT(shellCatalogs);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="sh-header__icon-button"
        aria-label={t('logout.button')}
        title={t('logout.button')}
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
        title={t('logout.title')}
        question={t('logout.question')}
        end={logout}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
