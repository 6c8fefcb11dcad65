import { staffUrls, type Certificate, type UnitRelease } from 'contracts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { useRecordPrints } from '../../../api/record-prints';
import { FirstSheet } from '../../../components/certificate-document';
import { PrintRoot } from '../../../components/print-root';
import { lifecycleMessages } from '../../../lifecycle-messages';
import { printMessages } from '../../../components/print-messages';
import '../../../styles/remote.css';

const LIST_URL = staffUrls.tab('certificate_list');

/** Which units print NICHT BESTANDEN, and which print no customer's copy yet (docs/decisions/0010-test-record.md). */
function ReleaseNotes({ data }: { data: Certificate }) {
  const serials = (release: UnitRelease) =>
    data.test_record.units.filter((unit) => unit.release === release).map((unit) => unit.serial);
  const failed = serials('failed');
  const awaiting = serials('awaiting_release');
  return (
    <>
      {failed.length > 0 && (
        <p className="cert-note" role="note">
          {printMessages.failedNote(failed)}
        </p>
      )}
      {awaiting.length > 0 && (
        <p className="cert-note" role="note">
          {printMessages.awaitingNote(awaiting)}
        </p>
      )}
    </>
  );
}

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
            <FirstSheet data={data} />
          </div>
          <ReleaseNotes data={data} />
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
