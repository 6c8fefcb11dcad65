import { useQuery } from '@tanstack/react-query';
import type { Role } from 'contracts';
import { meQuery } from 'shared-ui';

const NONE: Role[] = [];

/** The signed-in account's roles; none while they load, so nothing shows that the account may not do. */
export function useRoles(): Role[] {
  return useQuery(meQuery).data?.roles ?? NONE;
}
