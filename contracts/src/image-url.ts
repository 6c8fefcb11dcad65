/**
 * Where the browser loads a stored image: the API base, `/`, the stored path (docs/architecture.md#data-model).
 * Full http(s) and data: addresses stay as they are. Undefined when there is no image.
 */
export function storedImageUrl(apiBase: string, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:)/i.test(path)) return path;
  return `${apiBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
