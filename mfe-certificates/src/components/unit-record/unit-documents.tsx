import { useMutation } from '@tanstack/react-query';
import type { CertificateDocumentEntry } from 'contracts';
import { apiErrorMessage, formatDayTime, useT } from 'shared-ui';
import { archivedDocument } from '../../api/get-certificate-pdf';
import { saveFile } from '../../api/save-file';
import { certificateCatalogs } from '../../catalogs';

/**
 * Every sealed document that covers the unit, oldest first: the whole certificate's (issued, released, retested,
 * revised, voided) and the unit's own customer copies, each downloadable as the archive keeps it
 * (api/src/modules/certificate-pdf/document-history.routes.ts).
 */
export function UnitDocuments({
  certificateId,
  documents,
}: {
  certificateId: number;
  documents: readonly CertificateDocumentEntry[];
}) {
  const t = useT(certificateCatalogs);
  const download = useMutation({
    mutationFn: async ({ seq, revision }: CertificateDocumentEntry) =>
      saveFile(
        await archivedDocument(certificateId, seq),
        `Pruefbericht-${certificateId}-Revision-${revision}-Dokument-${seq}.pdf`,
      ),
  });
  return (
    <section className="cert-section" aria-labelledby="unit-documents">
      <h2 id="unit-documents" className="cert-section__title">
        {t('documents.title')}
      </h2>
      {documents.length === 0 ? (
        <p className="cert-note">{t('documents.none')}</p>
      ) : (
        <div className="test-grid__scroll">
          <table className="cert-units" data-testid="unit-documents">
            <thead>
              <tr>
                <th scope="col">{t('documents.event')}</th>
                <th scope="col">{t('documents.scope')}</th>
                <th scope="col">{t('detail.revision')}</th>
                <th scope="col">{t('documents.sealedAt')}</th>
                <th scope="col">{t('documents.pages')}</th>
                <th scope="col">{t('documents.file')}</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((document) => (
                <tr key={document.seq}>
                  <td>{t(`documents.event.${document.event}`)}</td>
                  <td>{t(`documents.scope.${document.scope}`)}</td>
                  <td>{document.revision}</td>
                  <td>{formatDayTime(document.created_at)}</td>
                  <td>{document.page_count}</td>
                  <td>
                    <button
                      type="button"
                      className="sui-button sui-button--secondary"
                      aria-label={t('documents.downloadLabel', {
                        seq: document.seq,
                        event: t(`documents.event.${document.event}`),
                        revision: document.revision,
                      })}
                      disabled={download.isPending}
                      onClick={() => download.mutate(document)}
                    >
                      {t('documents.download')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {download.isError && (
        <p className="cert-error" role="alert">
          {apiErrorMessage(download.error) ?? t('documents.failed')}
        </p>
      )}
    </section>
  );
}
