import { useQuery } from '@tanstack/react-query';
import { allows, apiPaths } from 'contracts';
import { formatDate, getConfig, LoadError, meQuery, Spinner } from 'shared-ui';
import { useDocuments } from '../api/get-documents';
import { documentMessages } from '../../../document-messages';
import { UploadDocumentForm } from './upload-document-form';
import '../../../styles/documents.css';

const text = documentMessages.panel;

const size = (bytes: number) =>
  bytes < 1_000_000
    ? `${Math.ceil(bytes / 1000).toLocaleString('de-DE')} KB`
    : `${(bytes / 1_000_000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/**
 * A machine's documents (docs/decisions/0012-documents.md): every version ever uploaded, the superseded ones
 * marked, and an upload form for accounts with the need `catalogue`. Loaded with the machine's page only when
 * it is shown (machine-form-page.tsx).
 */
export default function DocumentsPanel({ machineId }: { machineId: number }) {
  const documents = useDocuments(machineId);
  const canUpload = allows(useQuery(meQuery).data?.roles ?? [], 'catalogue');
  const apiBase = getConfig().apiBase;

  function list() {
    if (documents.isPending) return <Spinner />;
    if (documents.isError)
      return <LoadError message={text.loadFailed} onRetry={() => void documents.refetch()} />;
    if (documents.data.data.length === 0) return <p>{text.empty}</p>;
    return (
      <div className="mach-docs__scroll">
        <table className="mach-docs__table" aria-label={text.table}>
          <thead>
            <tr>
              <th scope="col">{text.columns.kind}</th>
              <th scope="col">{text.columns.language}</th>
              <th scope="col">{text.columns.validFrom}</th>
              <th scope="col">{text.columns.size}</th>
              <th scope="col">{text.columns.status}</th>
              <th scope="col">{text.columns.file}</th>
            </tr>
          </thead>
          <tbody>
            {documents.data.data.map((version) => (
              <tr key={version.id} className={version.superseded_by ? 'mach-docs__superseded' : undefined}>
                <td>{documentMessages.kinds[version.kind]}</td>
                <td>{version.language.toUpperCase()}</td>
                <td>{formatDate(version.valid_from)}</td>
                <td>{size(version.size)}</td>
                <td>{version.superseded_by ? text.superseded : text.current}</td>
                <td>
                  <a
                    href={`${apiBase}${apiPaths.documentFile(version.id, version.file_name)}`}
                    target="_blank"
                    rel="noopener"
                  >
                    {text.open}
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
        {text.title}
      </h2>
      <p>{text.intro}</p>
      {list()}
      {canUpload ? <UploadDocumentForm machineId={machineId} /> : <p>{text.readOnly}</p>}
    </section>
  );
}
