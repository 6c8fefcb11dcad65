import { apiErrorMessage, getConfig, LoadError, Spinner } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { useRecordPrints } from '../../../api/record-prints';
import type { LabelPreset } from '../label-presets';
import { labelMessages } from '../label-messages';
import { COPIES, serialLabels } from '../labels';
import { LabelPrintPanel } from './label-print-panel';

const copiesSetting = { label: labelMessages.copies, range: COPIES };

/** One label per unit of the certificate, each copy of it as often as chosen. */
export function SerialLabels({
  id,
  preset,
  onPreset,
}: {
  id: number;
  preset: LabelPreset;
  onPreset: (id: string) => void;
}) {
  const certificate = useCertificate(id);
  useRecordPrints(id, 'labels');
  if (certificate.isPending) return <Spinner />;
  if (certificate.isError) {
    return (
      <LoadError
        message={apiErrorMessage(certificate.error) ?? labelMessages.certificateFailed}
        onRetry={() => void certificate.refetch()}
      />
    );
  }
  const { data } = certificate;
  return (
    <LabelPrintPanel
      key={data.id}
      labelsFor={(copies) => serialLabels(data, copies, getConfig())}
      count={copiesSetting}
      ean={data.ean_number}
      preset={preset}
      onPreset={onPreset}
    />
  );
}
