import type { Certificate, PrintedBody } from 'contracts';
import { useEffect, useEffectEvent, useMemo, useRef, type ReactNode } from 'react';
import { apiErrorMessage, LoadError, Spinner, useT } from 'shared-ui';
import { isPending, NoArchivedDocument, useCertificatePdf } from '../api/get-certificate-pdf';
import { recordPrint } from '../api/record-prints';
import { certificateCatalogs, translate } from '../catalogs';
import './certificate-pdf.css';

/**
 * The download's name: number, serials and an earlier revision, so a folder of them sorts and reads well. In
 * German in every staff language, as the document it names.
 */
export function pdfFileName(certificate: Certificate, revision?: number) {
  const serials =
    certificate.quantity > 1
      ? `${certificate.first_serial}-${certificate.last_serial}`
      : certificate.first_serial;
  return `Pruefbericht-${certificate.id}-${serials}${revision === undefined ? '' : `-Revision-${revision}`}.pdf`;
}

function failure(error: unknown) {
  if (error instanceof NoArchivedDocument) return translate('print.notArchived');
  if (isPending(error)) return translate('print.pending');
  return apiErrorMessage(error) ?? translate('print.pdfFailed');
}

interface CertificatePdfProps {
  certificate: Certificate;
  /** An earlier revision's archived document; without it, the newest. */
  revision?: number;
  /** The heading above the PDF, an h1 on the reprint screen; under the form an h2 „Prüfbericht Nr. n als PDF“. */
  heading?: ReactNode;
  headingLevel?: 1 | 2;
  /** What each print is in the audit trail (POST /certificates/:id/printed). */
  printKind: PrintedBody['kind'];
  /**
   * The PDF prints by itself once it is shown, and again whenever this changes (DRUCKEN on the create form's
   * confirmation); without a DRUCKEN of its own then.
   */
  printRequest?: number;
}

/**
 * The archived, sealed PDF of a certificate in a frame, from a `blob:` URL (the API's CSP allows frames from
 * blob:, api/src/plugins/security-headers.ts): what is printed is what was archived, byte for byte. The print
 * dialog opens by itself once the PDF is in the frame; DRUCKEN prints the frame again, never the screen.
 */
export function CertificatePdf({
  certificate,
  revision,
  heading,
  headingLevel = 2,
  printKind,
  printRequest,
}: CertificatePdfProps) {
  const t = useT(certificateCatalogs);
  const pdf = useCertificatePdf(certificate.id, revision);
  // One object URL per PDF, released when the PDF or the screen goes.
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data) : null), [pdf.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const frame = useRef<HTMLIFrameElement>(null);
  /** The URL whose PDF the frame has loaded, and the print request answered last. */
  const loaded = useRef<string | null>(null);
  const answered = useRef<number | null>(null);
  const request = printRequest ?? 0;

  const print = () => {
    frame.current?.contentWindow?.print();
    // The paper comes first: printing never waits for the audit trail nor fails with it.
    void recordPrint(certificate.id, printKind).catch(() => undefined);
  };

  /** Prints once per request, when the PDF is in the frame: the first load is a request too. */
  const printIfAsked = () => {
    if (url === null || loaded.current !== url || answered.current === request) return;
    answered.current = request;
    print();
  };
  const onRequest = useEffectEvent(printIfAsked);
  useEffect(() => onRequest(), [request]);

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const waiting = isPending(pdf.failureReason) ? t('print.preparing') : t('print.loading');
  return (
    <section className="cert-pdf" aria-labelledby="cert-pdf-title" data-testid="certificate-pdf">
      <div className="cert-print-bar">
        <Heading id="cert-pdf-title" className="cert-title">
          {heading ?? t('print.issuedHeading', { number: certificate.id })}
        </Heading>
        {url && (
          <div className="cert-pdf__actions">
            {printRequest === undefined && (
              <button type="button" className="sui-button" onClick={print}>
                {t('print.print')}
              </button>
            )}
            <a
              className="sui-button sui-button--secondary"
              href={url}
              download={pdfFileName(certificate, revision)}
            >
              {t('print.download')}
            </a>
          </div>
        )}
      </div>
      {pdf.isError ? (
        <LoadError message={failure(pdf.error)} onRetry={() => void pdf.refetch()} />
      ) : !url ? (
        <div className="cert-pdf__loading">
          <Spinner label={waiting} />
          <p aria-hidden="true">{waiting}</p>
        </div>
      ) : (
        <iframe
          ref={frame}
          className="cert-pdf__frame"
          src={url}
          title={t('print.frameTitle', { number: certificate.id })}
          onLoad={() => {
            loaded.current = url;
            printIfAsked();
          }}
        />
      )}
    </section>
  );
}

/** The create form loads it as a chunk of its own (certificate-create-page.tsx). */
export default CertificatePdf;
