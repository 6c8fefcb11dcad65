import { useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type Settings } from 'contracts';
import { http } from 'shared-ui';

export async function getSettings(): Promise<Settings> {
  const { data } = await http.get<Settings>(apiPaths.settings());
  return data;
}

export const settingsQuery = { queryKey: queryKeys.settings, queryFn: getSettings };

export const useSettings = () => useQuery(settingsQuery);
