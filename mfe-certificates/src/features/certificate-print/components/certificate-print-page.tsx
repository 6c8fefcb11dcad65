import { Link, useParams } from 'react-router-dom';
import { apiErrorMessage, messages, Spinner } from 'shared-ui';
import { certMessages } from '../../../messages';
import { useCertificate } from '../hooks/use-certificate';
import { CertificatePage } from './certificate-document';
import { PrintRoot } from './print-root';
import '../../../styles/remote.css';

const LIST_URL = '/?tab=certificate_list';

/**
 * `/pdf/:id`: the reprint of an issued certificate. It prints the stored snapshot, so the pages are the same
 * as the first print even if the machine or brand changed since; the print dialog opens by itself.
 */
export default function CertificatePrintPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const certificate = useCertificate(id);
  const data = certificate.data;

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
        <div className="cert-error" role="alert">
          <p>{apiErrorMessage(certificate.error) ?? certMessages.print.failed}</p>
          <button
            type="button"
            className="sui-button sui-button--secondary"
            onClick={() => certificate.refetch()}
          >
            {messages.retry}
          </button>
        </div>
      ) : !data ? (
        <Spinner fullPage />
      ) : (
        <>
          <div className="cert-print-bar">
            <h1 className="cert-title">
              {certMessages.print.heading} {data.machine_type} · {data.serial_no}
              {data.crowd > 1 && ` – ${data.endSerialNo}`}
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
