import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, queryKeys, type JobsOverview } from 'contracts';
import { http } from 'shared-ui';

/** The jobs' backlog and the failed ones, asked again every 10 s while the screen is open. */
export const useJobs = () =>
  useQuery({
    queryKey: queryKeys.jobs,
    queryFn: async () => (await http.get<JobsOverview>(apiPaths.jobs())).data,
    refetchInterval: 10_000,
  });

/** Queues a failed job again; the overview is read anew either way (another administrator may have been first). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => void (await http.post(apiPaths.jobRetry(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs }),
  });
}
