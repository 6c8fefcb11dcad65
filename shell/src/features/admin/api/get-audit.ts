import type { AuditPage, AuditQuery } from 'contracts';
import { http } from 'shared-ui';

export const auditQueryKey = (query: AuditQuery) => ['audit', query] as const;

export async function getAudit(query: AuditQuery): Promise<AuditPage> {
  const { data } = await http.get<AuditPage>('/audit', { params: query });
  return data;
}

export const auditQuery = (query: AuditQuery) => ({
  queryKey: auditQueryKey(query),
  queryFn: () => getAudit(query),
});
