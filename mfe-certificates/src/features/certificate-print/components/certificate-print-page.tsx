import { staffUrls } from 'contracts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { useRecordPrints } from '../../../api/record-prints';
import { CertificatePage } from '../../../components/certificate-document';
import { PrintRoot } from '../../../components/print-root';
import { lifecycleMessages } from '../../../lifecycle-messages';
import { printMessages } from '../../../components/print-messages';
import '../../../styles/remote.css';

const LIST_URL = staffUrls.tab('certificate_list');

const positive = (text: string | null | undefined) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/**
 * `/pdf/:id`: the reprint of an issued certificate, `?revision=n` of an earlier revision. It prints the stored
 * snapshot, so the pages are the same as the first print even if the machine or brand changed since; the
 * print dialog opens by itself, once the answer is in (not on a cached copy that is being loaded again).
 */
export default function CertificatePrintPage() {
  const id = positive(useParams().id);
  const revisionParam = useSearchParams()[0].get('revision');
  const revision = positive(revisionParam);
  const validId = id !== null && (revisionParam === null || revision !== null);
  const certificate = useCertificate(validId ? id : null, revision ?? undefined);
  const data = certificate.data;
  useRecordPrints(data?.id ?? null, 'reprint');

  return (
    <div className="cert-screen" data-testid="certificate-print">
      <div className="cert-toolbar cert-toolbar--start">
        <Link to={LIST_URL}>← {printMessages.back}</Link>
      </div>
      {!validId ? (
        <p className="cert-error" role="alert">
          {printMessages.notFound}
        </p>
      ) : certificate.isError ? (
        <LoadError
          message={apiErrorMessage(certificate.error) ?? printMessages.failed}
          onRetry={() => void certificate.refetch()}
        />
      ) : !data ? (
        <Spinner fullPage />
      ) : (
        <>
          <div className="cert-print-bar">
            <h1 className="cert-title">
              {printMessages.heading} {data.machine_name} · {data.first_serial}
              {data.quantity > 1 && ` – ${data.last_serial}`}
              {data.revision > 1 && ` · ${lifecycleMessages.revisionHeading(data.revision)}`}
            </h1>
            <button type="button" className="sui-button" onClick={() => window.print()}>
              {printMessages.print}
            </button>
          </div>
          <div className="cert-preview">
            <CertificatePage data={data} serial={data.serials[0]} copy={0} />
          </div>
          {(data.replaced_at || data.voided_units > 0) && (
            <p className="cert-note" role="note">
              {data.replaced_at ? lifecycleMessages.replacedNote : lifecycleMessages.voidedNote}
            </p>
          )}
          <PrintRoot
            data={data}
            answeredAt={certificate.isFetching ? undefined : certificate.dataUpdatedAt}
          />
        </>
      )}
    </div>
  );
}
