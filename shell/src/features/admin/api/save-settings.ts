import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Settings } from 'contracts';
import { http, meQueryKey } from 'shared-ui';

export async function saveSettings(settings: Settings): Promise<Settings> {
  const { data } = await http.put<Settings>(apiPaths.settings(), settings);
  return data;
}

/** The rule for two-factor sign-in may now apply to the signed-in account too: it is fetched again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
