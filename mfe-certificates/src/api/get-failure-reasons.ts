import { queryOptions } from '@tanstack/react-query';
import { apiPaths, queryKeys, type FailureReasonList } from 'contracts';
import { http } from 'shared-ui';

/** The failure reasons a retest names as its finding (api/src/modules/failure-reasons): every role reads them. */
export async function getFailureReasons() {
  const { data } = await http.get<FailureReasonList>(apiPaths.failureReasons());
  return data;
}

export const failureReasonsQuery = queryOptions({
  queryKey: queryKeys.failureReasons,
  queryFn: getFailureReasons,
});
