import { useId } from 'react';
import { apiErrorMessage, getConfig, LoadError, Spinner, useT } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { useRecordPrints } from '../../../api/record-prints';
import { certificateCatalogs } from '../../../catalogs';
import type { LabelPreset } from '../label-presets';
import { COPIES, labelUnits, serialLabels, type RefusalReason } from '../labels';
import { LabelPrintPanel } from './label-print-panel';

/** The units that get no label, each with the reason: the inspector sees why, not just fewer labels. */
function RefusedUnits({ refused }: { refused: { serial: string; reason: RefusalReason }[] }) {
  const t = useT(certificateCatalogs);
  const id = useId();
  if (refused.length === 0) return null;
  return (
    <section className="cert-labels-refused" aria-labelledby={id} data-testid="labels-refused">
      <h2 id={id} className="cert-labels-heading">
        {t('labels.refusedHeading')}
      </h2>
      <ul>
        {refused.map(({ serial, reason }) => (
          <li key={serial}>
            <span className="cert-labels-refused__serial">{serial}</span>: {t(`labels.refused.${reason}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One label per released unit of the certificate, each copy of it as often as chosen. */
export function SerialLabels({
  id,
  preset,
  onPreset,
}: {
  id: number;
  preset: LabelPreset;
  onPreset: (id: string) => void;
}) {
  const t = useT(certificateCatalogs);
  const certificate = useCertificate(id);
  const units = certificate.data && labelUnits(certificate.data);
  useRecordPrints(id, 'labels', units?.serials);
  if (certificate.isPending) return <Spinner />;
  if (certificate.isError) {
    return (
      <LoadError
        message={apiErrorMessage(certificate.error) ?? t('labels.certificateFailed')}
        onRetry={() => void certificate.refetch()}
      />
    );
  }
  const { data } = certificate;
  const { serials, refused } = units!;
  return (
    <>
      <RefusedUnits refused={refused} />
      {serials.length === 0 ? (
        <p className="cert-labels-warning" role="alert">
          {t('labels.noneAllowed')}
        </p>
      ) : (
        <LabelPrintPanel
          key={data.id}
          labelsFor={(copies) => serialLabels(data, copies, getConfig(), serials)}
          count={{ label: t('labels.copies'), range: COPIES }}
          ean={data.ean_number}
          preset={preset}
          onPreset={onPreset}
        />
      )}
    </>
  );
}
