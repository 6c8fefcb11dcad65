import type { PrintedBody } from 'contracts';
import { useEffect } from 'react';
import { http } from 'shared-ui';

/**
 * While a screen shows certificate `id`, each print of the browser (the app's own dialog or Ctrl+P) is
 * recorded in the audit trail. Printing never waits for it nor fails with it: the paper comes first.
 */
export function useRecordPrints(id: number | null, kind: PrintedBody['kind']) {
  useEffect(() => {
    if (id === null) return;
    const record = () => void http.post(`/certificates/${id}/printed`, { kind }).catch(() => undefined);
    window.addEventListener('beforeprint', record);
    return () => window.removeEventListener('beforeprint', record);
  }, [id, kind]);
}
