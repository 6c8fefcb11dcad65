import { use } from 'react';
import { useT } from '../i18n/use-t';
import type { AuditText } from './audit-text';

let loading: Promise<typeof import('./audit-text')> | undefined;

/** The trail's words load with the first screen that shows them; a failed fetch is tried again next time. */
function load() {
  loading ??= import('./audit-text').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The audit trail's actions and details in the active language, for an app's screen (the shell's audit table);
 * suspends until the words have arrived.
 */
export function useAuditText(): AuditText {
  const { auditCatalogs, auditText } = use(load());
  useT(auditCatalogs);
  return auditText();
}
