import { staffUrls } from 'contracts';
import { Link, useParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { useRecordPrints } from '../../../api/record-prints';
import { CertificatePage } from '../../../components/certificate-document';
import { PrintRoot } from '../../../components/print-root';
import { certMessages } from '../../../messages';
import '../../../styles/remote.css';

const LIST_URL = staffUrls.tab('certificate_list');

/**
 * `/pdf/:id`: the reprint of an issued certificate. It prints the stored snapshot, so the pages are the same
 * as the first print even if the machine or brand changed since; the print dialog opens by itself.
 */
export default function CertificatePrintPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const certificate = useCertificate(validId ? id : null);
  const data = certificate.data;
  useRecordPrints(data?.id ?? null, 'reprint');

  return (
    <div className="cert-screen" data-testid="certificate-print">
      <div className="cert-toolbar cert-toolbar--start">
        <Link to={LIST_URL}>← {certMessages.print.back}</Link>
      </div>
      {!validId ? (
        <p className="cert-error" role="alert">
          {certMessages.print.notFound}
        </p>
      ) : certificate.isError ? (
        <LoadError
          message={apiErrorMessage(certificate.error) ?? certMessages.print.failed}
          onRetry={() => void certificate.refetch()}
        />
      ) : !data ? (
        <Spinner fullPage />
      ) : (
        <>
          <div className="cert-print-bar">
            <h1 className="cert-title">
              {certMessages.print.heading} {data.machine_name} · {data.first_serial}
              {data.quantity > 1 && ` – ${data.last_serial}`}
            </h1>
            <button type="button" className="sui-button" onClick={() => window.print()}>
              {certMessages.print.print}
            </button>
          </div>
          <div className="cert-preview">
            <CertificatePage data={data} unit={0} copy={0} />
          </div>
          <PrintRoot data={data} answeredAt={certificate.dataUpdatedAt} />
        </>
      )}
    </div>
  );
}
