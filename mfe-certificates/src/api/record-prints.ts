import { apiPaths, type PrintedBody } from 'contracts';
import { useEffect } from 'react';
import { http } from 'shared-ui';

/** Records one print of certificate `id` in the audit trail; labels name the serials they were printed for. */
export async function recordPrint(id: number, kind: PrintedBody['kind'], serials?: string[]): Promise<void> {
  const body: PrintedBody = { kind, ...(serials && { serials }) };
  await http.post(apiPaths.certificatePrinted(id), body);
}

/**
 * While a screen shows certificate `id`, each print of the browser (the app's own dialog or Ctrl+P) is
 * recorded in the audit trail. Printing never waits for it nor fails with it: the paper comes first.
 */
export function useRecordPrints(id: number | null, kind: PrintedBody['kind'], serials?: string[]) {
  // By value: a new array with the same serials is the same print.
  const serialList = serials?.join('\n');
  useEffect(() => {
    // Labels of no unit are no print (the label page then offers none).
    if (id === null || serialList === '') return;
    const printed = serialList?.split('\n');
    const record = () => void recordPrint(id, kind, printed).catch(() => undefined);
    window.addEventListener('beforeprint', record);
    return () => window.removeEventListener('beforeprint', record);
  }, [id, kind, serialList]);
}
