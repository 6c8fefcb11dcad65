import { getConfig } from './config';

/** Stored images are served from the API base plus `/` plus the stored path (spec §7). */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:)/i.test(path)) return path;
  return `${getConfig().apiBase}/${path.replace(/^\/+/, '')}`;
}
