import type { CertificateFormValues } from './certificate-form';

/**
 * The form's draft and the Idempotency-Key of its last send, kept in sessionStorage: a network failure or a
 * reload loses no typed value, and sending the same draft again reuses the key, so the API issues it at most once
 * (api/src/modules/certificates/issuing.ts). Per tab, gone with the tab.
 */
const DRAFT_KEY = 'pruefbericht.certificate-draft';

export interface StoredDraft {
  values: CertificateFormValues;
  /** The draft last sent and its key; absent until a send, removed once the draft is issued. */
  pending?: { draft: string; key: string } | null;
}

export function loadDraft(): StoredDraft | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as StoredDraft | null;
    // Anything else (an older shape, a hand-edited entry) is not a draft this form can show.
    return stored?.values?.results?.certificate && Array.isArray(stored.values.results.units) ? stored : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: StoredDraft) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft stays on screen, only a reload would lose it.
  }
}

export const clearDraft = () => sessionStorage.removeItem(DRAFT_KEY);
