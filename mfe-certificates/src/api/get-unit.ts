import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, queryKeys, type UnitView } from 'contracts';
import { http } from 'shared-ui';
import { unitViewFromWire } from './wire';

/** Every unit's page; a change of a certificate reloads them all (its units are not known by serial there). */
export const unitQueryKeyPrefix = queryKeys.units;

export async function getUnit(serial: string) {
  const { data } = await http.get<UnitView>(apiPaths.unit(serial));
  return unitViewFromWire(data);
}

/** One unit from its serial, with its certificate. */
export const unitQuery = (serial: string) =>
  queryOptions({ queryKey: [...unitQueryKeyPrefix, serial], queryFn: () => getUnit(serial) });

export const useUnit = (serial: string) => useQuery(unitQuery(serial));
