import { queryKeys, type PrintData } from 'contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unitQueryKeyPrefix } from '../../../api/get-unit';
import { certificateFromWire } from '../../../api/wire';

/** Every event list (certificate, unit, machine) shares this prefix of `queryKeys.events`. */
const eventsQueryKeyPrefix = queryKeys.events('').slice(0, 1);

/**
 * A change of a certificate (a revision or a void), sent by `send`. Once stored, everything that shows it is
 * loaded again: the certificate, its history and events, its units and every list page. A refused change
 * reloads nothing: the screen keeps the user's input and says why (a 409 offers NEU LADEN).
 */
export function useCertificateChange<T>(id: number, send: (input: T) => Promise<PrintData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => certificateFromWire(await send(input)),
    // Not awaited: the form that sent the change closes and says so first; the screen reloads behind it.
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.certificate(id),
        queryKeys.certificates,
        eventsQueryKeyPrefix,
        unitQueryKeyPrefix,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
