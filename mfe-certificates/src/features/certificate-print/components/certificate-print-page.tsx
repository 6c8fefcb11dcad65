import { staffUrls, type Certificate, type UnitRelease } from 'contracts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, LoadError, Spinner, useT } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { certificateCatalogs } from '../../../catalogs';
import { CertificatePdf } from '../../../components/certificate-pdf';
import '../../../styles/remote.css';

const LIST_URL = staffUrls.tab('certificate_list');

/** Which units print NICHT BESTANDEN, and which print no customer's copy yet (docs/decisions/0010-test-record.md). */
function ReleaseNotes({ data }: { data: Certificate }) {
  const t = useT(certificateCatalogs);
  const serials = (release: UnitRelease) =>
    data.test_record.units.filter((unit) => unit.release === release).map((unit) => unit.serial);
  const failed = serials('failed');
  const awaiting = serials('awaiting_release');
  return (
    <>
      {failed.length > 0 && (
        <p className="cert-note" role="note">
          {t('print.failedNote', { serials: failed.join(', ') })}
        </p>
      )}
      {awaiting.length > 0 && (
        <p className="cert-note" role="note">
          {t('print.awaitingNote', { serials: awaiting.join(', ') })}
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
  const t = useT(certificateCatalogs);
  const id = positive(useParams().id);
  const revisionParam = useSearchParams()[0].get('revision');
  const revision = positive(revisionParam);
  const validId = id !== null && (revisionParam === null || revision !== null);
  const certificate = useCertificate(validId ? id : null, revision ?? undefined);
  const data = certificate.data;

  return (
    <div className="cert-screen" data-testid="certificate-print">
      <div className="cert-toolbar cert-toolbar--start">
        <Link to={LIST_URL}>← {t('print.back')}</Link>
      </div>
      {!validId ? (
        <p className="cert-error" role="alert">
          {t('print.notFound')}
        </p>
      ) : certificate.isError ? (
        <LoadError
          message={apiErrorMessage(certificate.error) ?? t('print.failed')}
          onRetry={() => void certificate.refetch()}
        />
      ) : !data ? (
        <Spinner fullPage />
      ) : (
        <>
          <ReleaseNotes data={data} />
          {(data.replaced_at || data.voided_units > 0) && (
            <p className="cert-note" role="note">
              {data.replaced_at ? t('print.replacedNote') : t('lifecycle.voidedNote')}
            </p>
          )}
          <CertificatePdf
            certificate={data}
            // The current revision prints the newest document: a void since is on it.
            revision={data.replaced_at ? data.revision : undefined}
            headingLevel={1}
            heading={
              <>
                {t('print.heading')} {data.machine_name} · {data.first_serial}
                {data.quantity > 1 && ` – ${data.last_serial}`}
                {data.revision > 1 && ` · ${t('lifecycle.revision', { revision: data.revision })}`}
              </>
            }
            printKind="reprint"
          />
        </>
      )}
    </div>
  );
}
