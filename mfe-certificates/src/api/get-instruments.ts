import { queryOptions } from '@tanstack/react-query';
import { apiPaths, queryKeys, type InstrumentList } from 'contracts';
import { http } from 'shared-ui';

/** The instrument register, every status (docs/decisions/0018-instruments.md): every role reads it. */
export async function getInstruments() {
  const { data } = await http.get<InstrumentList>(apiPaths.instruments());
  return data.data;
}

export const instrumentsQuery = queryOptions({ queryKey: queryKeys.instruments, queryFn: getInstruments });
