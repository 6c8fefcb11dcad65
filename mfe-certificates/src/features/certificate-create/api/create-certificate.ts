import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Certificate, type CertificateDraft, type PrintData } from 'contracts';
import { http } from 'shared-ui';
import { certificateFromWire, draftToWire, fieldErrorsFromWire } from '../../../api/wire';

export interface CreateCertificateRequest {
  draft: CertificateDraft;
  idempotencyKey: string;
}

/**
 * The answer is an array whose first element is the stored certificate to print. The same `idempotencyKey`
 * again answers with the certificate it issued, so a retry after a lost answer never issues a second one.
 */
export async function createCertificate({
  draft,
  idempotencyKey,
}: CreateCertificateRequest): Promise<Certificate> {
  const { data } = await http.post<PrintData[]>(apiPaths.certificateCreate(), draftToWire(draft), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return certificateFromWire(data[0]);
}

/** Issues a certificate; every page of the list is loaded again behind it (not awaited). */
export function useCreateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCertificate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.certificates }),
  });
}

/**
 * A new key for each new draft, the same one for every retry of the same draft until it is issued (also after a
 * reload: `saved` is the pending key kept with the draft).
 * crypto.getRandomValues, not randomUUID: the staff app may be served over plain HTTP on the plant's network,
 * where randomUUID does not exist.
 */
export function idempotencyKeys(saved: { draft: string; key: string } | null = null) {
  let pending = saved;
  return {
    /** The draft last sent and its key, to keep with the draft (draft-storage.ts). */
    pending: () => pending,
    keyFor(draft: CertificateDraft) {
      const text = JSON.stringify(draft);
      if (pending?.draft !== text) {
        const bytes = crypto.getRandomValues(new Uint8Array(16));
        pending = { draft: text, key: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') };
      }
      return pending.key;
    },
    /** The draft was issued: the next WEITER is a new certificate. */
    issued() {
      pending = null;
    },
  };
}

/** The API's field errors of a refused draft, keyed by the draft's field names. */
export const draftFieldErrors = (error: unknown): Record<string, string> => fieldErrorsFromWire(error);
