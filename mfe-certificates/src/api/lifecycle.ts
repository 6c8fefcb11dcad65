import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fromWire,
  queryKeys,
  toWire,
  type Certificate,
  type CertificateHistory,
  type FromWire,
  type PrintData,
  type RevisionBody,
  type UnitView,
  type VoidBody,
} from 'contracts';
import { http } from 'shared-ui';

/** A correction as the code names it (`origin`); sent in the API's wire names. */
export type RevisionRequest = FromWire<RevisionBody>;

/** A certificate's revisions (newest first) and units with their status. */
export function useCertificateHistory(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.certificate(id ?? 0), 'history'],
    queryFn: async () => (await http.get<CertificateHistory>(`/certificates/${id}/history`)).data,
    enabled: id !== null,
  });
}

/** One unit from its serial, with its certificate. */
export function useUnit(serial: string) {
  return useQuery({
    queryKey: ['unit', serial],
    queryFn: async () => {
      const { data } = await http.get<UnitView>(`/units/${encodeURIComponent(serial)}`);
      return { unit: data.unit, certificate: fromWire(data.certificate) };
    },
  });
}

/**
 * A change of a certificate (a revision or a void). Once stored, everything that shows it is loaded again:
 * the certificate, its history and events, its units and every list page. A refused change reloads nothing:
 * the screen keeps the user's input and says why (a 409 offers NEU LADEN).
 */
function useCertificateChange<T>(id: number, send: (input: T) => Promise<PrintData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T): Promise<Certificate> => fromWire(await send(input)),
    // Not awaited: the form that sent the change closes and says so first; the screen reloads behind it.
    onSuccess: () => {
      for (const queryKey of [queryKeys.certificate(id), queryKeys.certificates, ['events'], ['unit']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useRevise = (id: number) =>
  useCertificateChange(
    id,
    async (revision: RevisionRequest) =>
      (await http.post<PrintData>(`/certificates/${id}/revisions`, toWire(revision))).data,
  );

export const useVoid = (id: number) =>
  useCertificateChange(
    id,
    async (request: VoidBody) => (await http.post<PrintData>(`/certificates/${id}/void`, request)).data,
  );
