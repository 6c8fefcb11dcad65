import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type RegistrationList } from 'contracts';
import { http } from 'shared-ui';

const registrationsQueryKey = ['registrations'] as const;

/** GET /registrations: the owners' registrations, for quality and administrators (api/src/modules/registrations). */
export const useRegistrations = () =>
  useQuery(
    queryOptions({
      queryKey: registrationsQueryKey,
      queryFn: async () => (await http.get<RegistrationList>(apiPaths.registrations())).data,
    }),
  );

/** DELETE /registrations/:id with the owner's request as the reason. */
export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      http.delete(apiPaths.registration(id), { data: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationsQueryKey }),
  });
}
