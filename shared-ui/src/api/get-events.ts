import { queryKeys, type TypedAuditPage } from 'contracts';
import { http } from '../http';

/** One page of the events at `path` (an API path such as `apiPaths.certificateEvents(7)`), older than `before`. */
export async function getEvents(path: string, before?: number): Promise<TypedAuditPage> {
  const { data } = await http.get<TypedAuditPage>(path, { params: before ? { before } : {} });
  return data;
}

/** `useInfiniteQuery(eventsQuery(path))`: newest first, older pages on demand (keyset paging by `next`). */
export const eventsQuery = (path: string) => ({
  queryKey: queryKeys.events(path),
  queryFn: ({ pageParam }: { pageParam: number }) => getEvents(path, pageParam || undefined),
  initialPageParam: 0,
  getNextPageParam: (last: TypedAuditPage) => last.next ?? undefined,
});
