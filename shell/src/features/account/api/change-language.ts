import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Me, type StaffLanguage } from 'contracts';
import { http, meQueryKey, notify } from 'shared-ui';
import { shellCatalogs } from '../../../catalogs';

export async function changeLanguage(language: StaffLanguage): Promise<void> {
  await http.put(apiPaths.meLanguage(), { language });
}

/**
 * Stores the account's new language; the account gate then switches every screen to it (account-gate.tsx),
 * without a reload, keeping whatever is being typed.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLanguage,
    onSuccess: (_answer, language) =>
      queryClient.setQueryData<Me>(meQueryKey, (me) => me && { ...me, language }),
    onError: () => notify.error(shellCatalogs.t('language.saveFailed')),
  });
}
