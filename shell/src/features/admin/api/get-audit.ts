import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type TypedAuditPage, type AuditQuery } from 'contracts';
import { http } from 'shared-ui';

export async function getAudit(query: AuditQuery): Promise<TypedAuditPage> {
  const { data } = await http.get<TypedAuditPage>(apiPaths.audit(), { params: query });
  return data;
}

export const auditQuery = (query: AuditQuery) => ({
  queryKey: queryKeys.audit(query),
  queryFn: () => getAudit(query),
});

/** One page of the audit trail; the page shown stays while the next loads. */
export const useAudit = (query: AuditQuery) =>
  useQuery({ ...auditQuery(query), placeholderData: keepPreviousData });
