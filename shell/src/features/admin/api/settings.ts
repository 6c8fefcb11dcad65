import type { Settings } from 'contracts';
import { http } from 'shared-ui';

export const settingsQueryKey = ['settings'] as const;

export async function getSettings(): Promise<Settings> {
  const { data } = await http.get<Settings>('/settings');
  return data;
}

export const settingsQuery = { queryKey: settingsQueryKey, queryFn: getSettings };

export async function saveSettings(settings: Settings): Promise<Settings> {
  const { data } = await http.put<Settings>('/settings', settings);
  return data;
}
