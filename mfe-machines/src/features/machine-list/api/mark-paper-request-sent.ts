import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from 'contracts';
import { http } from 'shared-ui';
import { paperRequestsQueryKey } from './get-paper-requests';

/** POST /paper-requests/:id/sent with the day the copy went out. */
export async function markPaperRequestSent(requestId: number, sentOn: string): Promise<void> {
  await http.post(apiPaths.paperRequestSent(requestId), { sent_on: sentOn });
}

export function useMarkPaperRequestSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sentOn }: { id: number; sentOn: string }) => markPaperRequestSent(id, sentOn),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paperRequestsQueryKey }),
  });
}
