import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  queryKeys,
  type Calibration,
  type CalibrationBody,
  type CalibrationList,
  type CalibrationRecorded,
  type ExportFormat,
  type ImpactCloseBody,
  type ImpactEntry,
  type ImpactList,
  type Instrument,
  type InstrumentBody,
  type InstrumentList,
} from 'contracts';
import { http } from 'shared-ui';
import { saveFile } from '../../../api/save-file';

/**
 * The instrument register's calls (docs/decisions/0018-instruments.md). Everything sits under queryKeys.instruments,
 * the key the certificate form's choice reads too: a save or a calibration refreshes the register, the
 * calibrations and the impact list at once.
 */
export const instrumentsQuery = queryOptions({
  queryKey: queryKeys.instruments,
  queryFn: async () => (await http.get<InstrumentList>(apiPaths.instruments())).data.data,
});

export const calibrationsQuery = (instrumentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.instruments, instrumentId, 'calibrations'],
    queryFn: async () =>
      (await http.get<CalibrationList>(apiPaths.instrumentCalibrations(instrumentId))).data.data,
  });

export const impactsQuery = queryOptions({
  queryKey: [...queryKeys.instruments, 'impacts'],
  queryFn: async () => (await http.get<ImpactList>(apiPaths.instrumentImpacts())).data.data,
});

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.instruments });
}

export function useSaveInstrument(instrumentId: number | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: InstrumentBody) =>
      (instrumentId === null
        ? await http.post<Instrument>(apiPaths.instruments(), body)
        : await http.put<Instrument>(apiPaths.instrument(instrumentId), body)
      ).data,
    onSuccess: refresh,
  });
}

export function useRecordCalibration(instrumentId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CalibrationBody) =>
      (await http.post<CalibrationRecorded>(apiPaths.instrumentCalibrations(instrumentId), body)).data,
    onSuccess: refresh,
  });
}

/** POST the certificate PDF of one calibration, multipart field `file`. */
export function useUploadCertificate(instrumentId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ calibrationId, file }: { calibrationId: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return (
        await http.post<Calibration>(
          apiPaths.instrumentCalibrationCertificate(instrumentId, calibrationId),
          body,
        )
      ).data;
    },
    onSettled: refresh,
  });
}

export function useCloseImpact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...body }: ImpactCloseBody & { id: number }) =>
      (await http.post<ImpactEntry>(apiPaths.instrumentImpactClose(id), body)).data,
    onSuccess: refresh,
  });
}

export const downloadCertificate = (instrumentId: number, calibrationId: number) =>
  saveFile(
    apiPaths.instrumentCalibrationCertificate(instrumentId, calibrationId),
    { download: '1' },
    'Kalibrierschein.pdf',
  );

export const exportImpacts = (format: ExportFormat) =>
  saveFile(apiPaths.instrumentImpactsExport(), { format }, `pruefmittel-auswirkungen.${format}`);
