import { useMutation } from '@tanstack/react-query';
import { apiPaths, type OwnPasswordBody } from 'contracts';
import { http } from 'shared-ui';

/** Ends the account's other sessions; this one goes on. */
export async function changePassword(body: OwnPasswordBody): Promise<void> {
  await http.post(apiPaths.mePassword(), body);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
