import { useQuery } from '@tanstack/react-query';
import { apiErrorMessage, brandsQuery, getConfig, LoadError, machineQuery, Spinner, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import type { LabelPreset } from '../label-presets';
import { PRODUCT_LABELS, productLabels } from '../labels';
import { LabelPrintPanel } from './label-print-panel';

/** Labels for a machine that has no serial yet (shelf, box): article number, EAN and its product page. */
export function ProductLabels({
  id,
  preset,
  onPreset,
}: {
  id: number;
  preset: LabelPreset;
  onPreset: (id: string) => void;
}) {
  const t = useT(certificateCatalogs);
  const machine = useQuery(machineQuery(id));
  // Only for the logo (a machine knows its brand's id only), so asked for once the machine is there.
  const brands = useQuery({ ...brandsQuery, enabled: machine.isSuccess });
  if (machine.isError) {
    return (
      <LoadError
        message={apiErrorMessage(machine.error) ?? t('labels.machineFailed')}
        onRetry={() => void machine.refetch()}
      />
    );
  }
  // Without the brand list the labels still print, only without the logo.
  if (machine.isPending || brands.isPending) return <Spinner />;
  const { data } = machine;
  const logo = brands.data?.find((brand) => brand.id === data.brand_id)?.logo ?? '';
  return (
    <LabelPrintPanel
      key={data.id}
      labelsFor={(count) => productLabels(data, logo, count, getConfig())}
      count={{ label: t('labels.productCount'), range: PRODUCT_LABELS }}
      ean={data.ean_number}
      preset={preset}
      onPreset={onPreset}
    />
  );
}
