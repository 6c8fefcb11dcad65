import { apiPaths, queryKeys, type Me } from 'contracts';
import { http } from '../http';

export const meQueryKey = queryKeys.me;

export async function getMe(): Promise<Me> {
  const { data } = await http.get<Me>(apiPaths.me());
  return data;
}

/**
 * `useQuery(meQuery)`: the signed-in account and its roles, which decide the tabs and buttons every app
 * shows. Fetched again whenever the API refuses a call (a role may have changed), see subscribeForbidden.
 */
export const meQuery = { queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 };
