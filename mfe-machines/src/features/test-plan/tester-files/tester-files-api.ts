import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  queryKeys,
  type ImportMappingBody,
  type ImportMappingList,
  type MeasurementIds,
} from 'contracts';
import { http } from 'shared-ui';

/** Under the machine's key: whatever refreshes the machine refreshes its mappings too. */
const mappingsKey = (machineId: number) => [...queryKeys.machine(machineId), 'import-mappings'] as const;

/** The mappings of tester files saved for a machine (api/src/modules/imports/import-mappings.ts). */
export function useImportMappings(machineId: number) {
  return useQuery({
    queryKey: mappingsKey(machineId),
    queryFn: async () => (await http.get<ImportMappingList>(apiPaths.machineImportMappings(machineId))).data,
  });
}

/** Changing and deleting a saved mapping; the list loads again behind each. */
export function useChangeImportMappings(machineId: number) {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: mappingsKey(machineId) });
  return {
    save: useMutation({
      mutationFn: async (body: ImportMappingBody) => {
        await http.put(apiPaths.importMappings(), body);
      },
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await http.delete(apiPaths.importMapping(id));
      },
      onSuccess: reload,
    }),
  };
}

const idsKey = ['tester-measurement-ids', 'metrel'] as const;

/** Metrel's measurement ids and the step each fills by default, kept as data (docs/tester-files.md). */
export function useMeasurementIds() {
  return useQuery({
    queryKey: idsKey,
    queryFn: async () => (await http.get<MeasurementIds>(apiPaths.measurementIds('metrel'))).data,
  });
}

export function useSaveMeasurementIds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MeasurementIds) =>
      (await http.put<MeasurementIds>(apiPaths.measurementIds('metrel'), body)).data,
    onSuccess: (saved) => queryClient.setQueryData(idsKey, saved),
  });
}
