import { useMutation } from '@tanstack/react-query';
import { apiPaths, type AuditExportQuery, type AuditQuery, type ExportFormat } from 'contracts';
import { http } from 'shared-ui';

/** The file name the server chose (Content-Disposition), or a fallback of the same kind. */
function fileNameOf(disposition: unknown, format: ExportFormat) {
  return /filename="([^"]+)"/.exec(String(disposition ?? ''))?.[1] ?? `protokoll.${format}`;
}

/**
 * The trail as the screen filters it, as a file: fetched with the session's header (the token never goes into
 * a URL, docs/decisions/0003-raw-token-header.md), then saved through a link to the received bytes.
 */
export async function exportAudit(query: AuditQuery, format: ExportFormat): Promise<string> {
  // The page's own paging is no part of the file: it holds every event the filters match.
  const filter = Object.fromEntries(
    Object.entries(query).filter(([key]) => key !== 'before' && key !== 'limit'),
  ) as Omit<AuditQuery, 'before' | 'limit'>;
  const params: AuditExportQuery = { ...filter, format };
  const response = await http.get<Blob>(apiPaths.auditExport(), { params, responseType: 'blob' });
  const name = fileNameOf(response.headers['content-disposition'], format);
  const url = URL.createObjectURL(response.data);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return name;
}

export const useExportAudit = () =>
  useMutation({
    mutationFn: ({ query, format }: { query: AuditQuery; format: ExportFormat }) =>
      exportAudit(query, format),
  });
