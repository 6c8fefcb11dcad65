import { staffUrls, type Certificate, type UnitRelease } from 'contracts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { CertificatePdf } from '../../../components/certificate-pdf';
import { printMessages } from '../../../components/print-messages';
import { lifecycleMessages } from '../../../lifecycle-messages';
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
 * `/pdf/:id`: the reprint of an issued certificate, `?revision=n` of an earlier revision. It shows and prints
 * the sealed PDF the server archived (docs/printed-certificate.md), the newest or the one archived for that
 * revision, so a reprint is the same bytes as the archive; the print dialog opens once the PDF is shown.
 */
export default function CertificatePrintPage() {
  const id = positive(useParams().id);
  const revisionParam = useSearchParams()[0].get('revision');
  const revision = positive(revisionParam);
  const validId = id !== null && (revisionParam === null || revision !== null);
  const certificate = useCertificate(validId ? id : null, revision ?? undefined);
  const data = certificate.data;

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
          <ReleaseNotes data={data} />
          {(data.replaced_at || data.voided_units > 0) && (
            <p className="cert-note" role="note">
              {data.replaced_at ? printMessages.replacedNote : lifecycleMessages.voidedNote}
            </p>
          )}
          <CertificatePdf
            certificate={data}
            // The current revision prints the newest document: a void since is on it.
            revision={data.replaced_at ? data.revision : undefined}
            headingLevel={1}
            heading={
              <>
                {printMessages.heading} {data.machine_name} · {data.first_serial}
                {data.quantity > 1 && ` – ${data.last_serial}`}
                {data.revision > 1 && ` · ${lifecycleMessages.revisionHeading(data.revision)}`}
              </>
            }
            printKind="reprint"
          />
        </>
      )}
    </div>
  );
}
