import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  queryKeys,
  type FailureReason,
  type FailureReasonBody,
  type FailureReasonList,
} from 'contracts';
import { http } from 'shared-ui';

/** The catalogue of failure reasons a retest names (api/src/modules/failure-reasons). */
export function useFailureReasons() {
  return useQuery({
    queryKey: queryKeys.failureReasons,
    queryFn: async () => (await http.get<FailureReasonList>(apiPaths.failureReasons())).data,
  });
}

/** Adding, renaming and removing a reason; the catalogue loads again behind each (the retest form reads it too). */
export function useChangeFailureReasons() {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.failureReasons });
  return {
    add: useMutation({
      mutationFn: async (body: FailureReasonBody) =>
        (await http.post<FailureReason>(apiPaths.failureReasons(), body)).data,
      onSuccess: reload,
    }),
    rename: useMutation({
      mutationFn: async ({ id, name }: { id: number; name: string }) =>
        (await http.put<FailureReason>(apiPaths.failureReason(id), { name })).data,
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await http.delete(apiPaths.failureReason(id));
      },
      onSuccess: reload,
    }),
  };
}
