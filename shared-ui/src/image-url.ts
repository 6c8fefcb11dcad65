import { storedImageUrl } from 'contracts';
import { getConfig } from './config';

/** A stored image's address under the runtime config's API base. */
export function imageUrl(path: string | null | undefined): string | undefined {
  return storedImageUrl(getConfig().apiBase, path);
}
