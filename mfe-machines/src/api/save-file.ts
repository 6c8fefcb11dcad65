import { http } from 'shared-ui';

/**
 * Saves a file the API sends, fetched with the session's header (the token never goes into a URL,
 * docs/decisions/0003-raw-token-header.md), under the name its Content-Disposition gives.
 */
export async function saveFile(path: string, params: object, fallbackName: string) {
  const response = await http.get<Blob>(path, { params, responseType: 'blob' });
  const name =
    /filename="([^"]+)"/.exec(String(response.headers['content-disposition'] ?? ''))?.[1] ?? fallbackName;
  const url = URL.createObjectURL(response.data);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
