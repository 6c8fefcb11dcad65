import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearToken, ConfirmDialog, useT } from 'shared-ui';
import { shellCatalogs } from '../catalogs';

/**
 * The question before signing out: JA ends the session on the server with `end` and forgets it in this
 * browser whatever the server answers (an unreachable server must not keep anybody signed in); NEIN,
 * Escape or a click outside keeps it.
 */
export function SignOutDialog({
  open,
  title,
  question,
  end,
  onCancel,
}: {
  open: boolean;
  title: string;
  question: string;
  end: () => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT(shellCatalogs);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = async () => {
    setBusy(true);
    await end().catch(() => undefined);
    navigate('/login', { replace: true });
    clearToken();
    queryClient.clear();
    setBusy(false);
    onCancel();
  };

  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={question}
      confirmLabel={t('logout.yes')}
      cancelLabel={t('logout.no')}
      onConfirm={confirm}
      onCancel={onCancel}
      busy={busy}
    />
  );
}
