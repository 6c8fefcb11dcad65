import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type AuditPage, type AuditQuery } from 'contracts';
import { http } from 'shared-ui';

export async function getAudit(query: AuditQuery): Promise<AuditPage> {
  const { data } = await http.get<AuditPage>(apiPaths.audit(), { params: query });
  return data;
}

export const auditQuery = (query: AuditQuery) => ({
  queryKey: queryKeys.audit(query),
  queryFn: () => getAudit(query),
});

/** One page of the audit trail; the page shown stays while the next loads. */
export const useAudit = (query: AuditQuery) =>
  useQuery({ ...auditQuery(query), placeholderData: keepPreviousData });
