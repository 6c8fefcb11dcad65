import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  queryKeys,
  type ServiceRequestDetail,
  type ServiceRequestList,
  type ServiceRequestStatus,
} from 'contracts';
import { http } from 'shared-ui';
import { rethrowWithJsonBody } from '../../../api/blob-answer';

/** The inbox, of one status or all (docs/decisions/0045-service-requests.md). */
export const serviceRequestsQuery = (status?: ServiceRequestStatus) =>
  queryOptions({
    queryKey: [...queryKeys.serviceRequests, 'list', status ?? 'all'],
    queryFn: async () =>
      (await http.get<ServiceRequestList>(apiPaths.serviceRequests(), { params: status ? { status } : {} }))
        .data,
    // The list stays on screen while another status's loads.
    placeholderData: keepPreviousData,
  });

export const serviceRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.serviceRequests, id],
    queryFn: async () => (await http.get<ServiceRequestDetail>(apiPaths.serviceRequest(id))).data,
  });

/**
 * A request's photo, read with the staff session (the route is never public) and shown from the browser's memory;
 * a photo never changes, so it is read once.
 */
export const servicePhotoQuery = (id: number, photo: number) =>
  queryOptions({
    queryKey: [...queryKeys.serviceRequests, id, 'photo', photo],
    queryFn: async () =>
      (
        await http
          .get<Blob>(apiPaths.serviceRequestPhoto(id, photo), { responseType: 'blob' })
          .catch(rethrowWithJsonBody)
      ).data,
    staleTime: Infinity,
  });

export const useServiceRequests = (status?: ServiceRequestStatus) => useQuery(serviceRequestsQuery(status));
export const useServiceRequest = (id: number | null) =>
  useQuery({ ...serviceRequestQuery(id ?? 0), enabled: id !== null });

/** A change of one request: its page shows the answer, and every list is read again (status, count of new ones). */
function useRequestChange<V>(change: (id: number, value: V) => Promise<ServiceRequestDetail | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: V }) => change(id, value),
    onSuccess: (detail, { id }) => {
      if (detail) queryClient.setQueryData(serviceRequestQuery(id).queryKey, detail);
      else queryClient.removeQueries({ queryKey: serviceRequestQuery(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.serviceRequests, 'list'] });
    },
  });
}

export const useSetStatus = () =>
  useRequestChange<ServiceRequestStatus>(
    async (id, status) =>
      (await http.put<ServiceRequestDetail>(apiPaths.serviceRequestStatus(id), { status })).data,
  );

export const useAddNote = () =>
  useRequestChange<string>(
    async (id, text) =>
      (await http.post<ServiceRequestDetail>(apiPaths.serviceRequestNotes(id), { text })).data,
  );

/** Deleted on the customer's request, the request as the reason (audited without the person). */
export const useDeleteRequest = () =>
  useRequestChange<string>(async (id, reason) => {
    await http.delete(apiPaths.serviceRequest(id), { data: { reason } });
    return null;
  });
