import { apiPaths, type PrintedBody } from 'contracts';
import { useEffect } from 'react';
import { http } from 'shared-ui';

/** Records one print of certificate `id` in the audit trail. */
export async function recordPrint(id: number, kind: PrintedBody['kind']): Promise<void> {
  const body: PrintedBody = { kind };
  await http.post(apiPaths.certificatePrinted(id), body);
}

/**
 * While a screen shows certificate `id`, each print of the browser (the app's own dialog or Ctrl+P) is
 * recorded in the audit trail. Printing never waits for it nor fails with it: the paper comes first.
 */
export function useRecordPrints(id: number | null, kind: PrintedBody['kind']) {
  useEffect(() => {
    if (id === null) return;
    const record = () => void recordPrint(id, kind).catch(() => undefined);
    window.addEventListener('beforeprint', record);
    return () => window.removeEventListener('beforeprint', record);
  }, [id, kind]);
}
