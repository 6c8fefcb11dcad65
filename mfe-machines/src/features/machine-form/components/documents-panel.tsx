import { useQuery } from '@tanstack/react-query';
import { allows, apiPaths, berlinIsoDate, type DocumentVersion } from 'contracts';
import { activeLocale, formatDay, getConfig, LoadError, meQuery, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { useDocuments } from '../api/get-documents';
import { UploadDocumentForm } from './upload-document-form';
import '../../../styles/documents.css';

const size = (bytes: number) =>
  bytes < 1_000_000
    ? `${Math.ceil(bytes / 1000).toLocaleString(activeLocale())} KB`
    : `${(bytes / 1_000_000).toLocaleString(activeLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

type Standing = 'future' | 'current' | 'superseded';

/**
 * Where each version stands on `today` (Europe/Berlin), as customers get it (api/src/modules/documents/
 * document-versions.ts): one valid from a later day applies only from then, and the one it follows stays in
 * force until that day.
 */
function standings(versions: DocumentVersion[], today: string): Map<number, Standing> {
  const validFrom = new Map(versions.map((version) => [version.id, version.valid_from]));
  return new Map(
    versions.map((version) => {
      const next = version.superseded_by && validFrom.get(version.superseded_by);
      const standing: Standing =
        version.valid_from > today ? 'future' : next && next <= today ? 'superseded' : 'current';
      return [version.id, standing];
    }),
  );
}

/**
 * A machine's documents (docs/decisions/0012-documents.md): every version ever uploaded, the superseded ones
 * and those valid from a later day marked, and an upload form for accounts with the need `catalogue`. Loaded
 * with the machine's page only when it is shown (machine-form-page.tsx).
 */
export default function DocumentsPanel({ machineId }: { machineId: number }) {
  const t = useT(machineCatalogs);
  const documents = useDocuments(machineId);
  const canUpload = allows(useQuery(meQuery).data?.roles ?? [], 'catalogue');
  const apiBase = getConfig().apiBase;

  function list() {
    if (documents.isPending) return <Spinner />;
    if (documents.isError)
      return <LoadError message={t('documents.panel.loadFailed')} onRetry={() => void documents.refetch()} />;
    if (documents.data.data.length === 0) return <p>{t('documents.panel.empty')}</p>;
    const standing = standings(documents.data.data, berlinIsoDate(new Date()));
    return (
      <div className="mach-docs__scroll">
        <table className="mach-docs__table" aria-label={t('documents.panel.table')}>
          <thead>
            <tr>
              <th scope="col">{t('documents.panel.columns.kind')}</th>
              <th scope="col">{t('documents.panel.columns.language')}</th>
              <th scope="col">{t('documents.panel.columns.validFrom')}</th>
              <th scope="col">{t('documents.panel.columns.size')}</th>
              <th scope="col">{t('documents.panel.columns.status')}</th>
              <th scope="col">{t('documents.panel.columns.file')}</th>
            </tr>
          </thead>
          <tbody>
            {documents.data.data.map((version) => (
              <tr
                key={version.id}
                className={standing.get(version.id) === 'superseded' ? 'mach-docs__superseded' : undefined}
              >
                <td>{t(`documents.kinds.${version.kind}`)}</td>
                <td>{version.language.toUpperCase()}</td>
                <td>{formatDay(version.valid_from)}</td>
                <td>{size(version.size)}</td>
                <td>
                  {standing.get(version.id) === 'future'
                    ? t('documents.panel.future', { day: formatDay(version.valid_from) })
                    : t(`documents.panel.${standing.get(version.id)!}`)}
                </td>
                <td>
                  <a
                    href={`${apiBase}${apiPaths.documentFile(version.id, version.file_name)}`}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('documents.panel.open')}
                    <span className="sui-visually-hidden"> {version.file_name}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="mach-docs" aria-labelledby="documents-title" data-testid="machine-documents">
      <h2 id="documents-title" className="mach-subtitle">
        {t('documents.panel.title')}
      </h2>
      <p>{t('documents.panel.intro')}</p>
      {list()}
      {canUpload ? <UploadDocumentForm machineId={machineId} /> : <p>{t('documents.panel.readOnly')}</p>}
    </section>
  );
}
