import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type ReleaseQueue, type ReleaseQueueQuery } from 'contracts';
import { http } from 'shared-ui';

/** Every page of the release queue; a release anywhere invalidates them all. */
export const releaseQueueQueryKey = queryKeys.releaseQueue;

export async function getReleaseQueue(query: ReleaseQueueQuery): Promise<ReleaseQueue> {
  return (await http.get<ReleaseQueue>(apiPaths.releaseQueue(), { params: query })).data;
}

/** The previous page stays on screen while the next one loads. */
export const releaseQueueQuery = (query: ReleaseQueueQuery) =>
  queryOptions({
    queryKey: [...releaseQueueQueryKey, query],
    queryFn: () => getReleaseQueue(query),
    placeholderData: keepPreviousData,
  });

export const useReleaseQueue = (query: ReleaseQueueQuery) => useQuery(releaseQueueQuery(query));
