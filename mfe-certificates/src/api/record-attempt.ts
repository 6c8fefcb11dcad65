import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type PrintData, type RetestBody } from 'contracts';
import { http } from 'shared-ui';
import { certificateFromWire } from './wire';

/** A retest of a failed unit (docs/decisions/0010-test-record.md): a new attempt; the answer is its certificate. */
export async function recordAttempt({ serial, ...body }: { serial: string } & RetestBody) {
  const { data } = await http.post<PrintData>(apiPaths.unitAttempts(serial), body);
  return certificateFromWire(data);
}

/** Records a retest; the unit's page, its certificate and the lists load again behind it. */
export function useRecordAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordAttempt,
    onSuccess: (certificate) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.units });
      void queryClient.invalidateQueries({ queryKey: queryKeys.certificate(certificate.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.certificates });
      // A reason named is in use now: the catalogue keeps it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.failureReasons });
    },
  });
}
