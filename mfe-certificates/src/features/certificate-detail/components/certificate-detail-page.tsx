import { useQuery } from '@tanstack/react-query';
import {
  allows,
  apiPaths,
  CERTIFICATE_VERDICT_LABELS,
  formatDateTime,
  rowTitle,
  staffUrls,
  UNIT_RELEASE_LABELS,
  type Certificate,
  type CertificateHistory,
  type UnitTestRecord,
} from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiErrorMessage, EventList, formatDate, LoadError, meQuery, Spinner } from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { useCertificateHistory } from '../api/get-certificate-history';
import { Facts, PrintLinks } from '../../../components/facts';
import { StatusBadge } from '../../../components/status-badge';
import { lifecycleMessages } from '../../../lifecycle-messages';
import { ReviseForm } from './revise-form';
import { VoidForm } from './void-form';
import { releaseMessages } from '../release-messages';
import '../../../styles/remote.css';
import '../../../styles/lifecycle.css';
import '../release.css';

const t = lifecycleMessages.detail;

// Only accounts with the release right see it, and only while something waits: loaded when shown.
const ReleasePanel = lazy(() => import('./release-panel'));

function Summary({ data, history }: { data: Certificate; history?: CertificateHistory }) {
  const first = history?.revisions[history.revisions.length - 1];
  const serials = data.quantity > 1 ? `${data.first_serial} – ${data.last_serial}` : data.first_serial;
  const rows: [string, string][] = [
    [t.machine, data.machine_name],
    [t.brand, data.brand_name],
    [t.serials, serials],
    [t.quantity, String(data.quantity)],
    [t.issuedAt, formatDateTime(data.created_at)],
    [t.issuedBy, first?.issued_by_email ?? '–'],
    [t.checkedBy, data.checked_by],
    [t.revision, String(data.revision)],
    [
      releaseMessages.verdict,
      CERTIFICATE_VERDICT_LABELS[data.verdict] +
        (data.failed_units > 0 ? `: ${releaseMessages.failedUnits(data.failed_units, data.quantity)}` : ''),
    ],
    ...(data.voided_units > 0
      ? [[t.status, t.voidedUnits(data.voided_units, data.quantity)] as [string, string]]
      : []),
    ...(data.void_reason ? [[t.voidReason, data.void_reason] as [string, string]] : []),
  ];
  return <Facts rows={rows} />;
}

function Revisions({ id, history }: { id: number; history: CertificateHistory }) {
  return (
    <section className="cert-section" aria-labelledby="cert-revisions">
      <h2 id="cert-revisions" className="cert-section__title">
        {t.revisions}
      </h2>
      <ol className="cert-revisions">
        {history.revisions.map((revision) => (
          <li key={revision.revision}>
            <b>{lifecycleMessages.revisionHeading(revision.revision)}</b>
            <span>{formatDateTime(revision.issued_at)}</span>
            <span>{t.by(revision.issued_by_email)}</span>
            <span>{revision.replaced_at ? t.replacedAt(formatDate(revision.replaced_at)) : t.current}</span>
            {revision.reason && <span className="cert-revisions__reason">{t.reasonOf(revision.reason)}</span>}
            <Link to={staffUrls.certificatePrint(id, revision.replaced_at ? revision.revision : undefined)}>
              {t.view}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A unit's release in words (never colour alone), with who released it and why when by deviation. */
function UnitRelease({ record, release }: { record?: UnitTestRecord; release: UnitTestRecord['release'] }) {
  return (
    <>
      <span className={`cert-verdict cert-verdict--${release}`}>{UNIT_RELEASE_LABELS[release]}</span>
      {record?.released_by_name && record.released_at && (
        <span className="cert-units__release-detail">
          {releaseMessages.releasedBy(record.released_by_name, formatDateTime(record.released_at))}
        </span>
      )}
      {record?.deviation_reason && (
        <span className="cert-units__release-detail">
          {releaseMessages.reasonOf(record.deviation_reason)}
        </span>
      )}
    </>
  );
}

function Units({ history, data }: { history: CertificateHistory; data: Certificate }) {
  return (
    <section className="cert-section" aria-labelledby="cert-units">
      <h2 id="cert-units" className="cert-section__title">
        {t.units}
      </h2>
      <table className="cert-units">
        <thead>
          <tr>
            <th scope="col">{t.unit}</th>
            <th scope="col">{t.unitStatus}</th>
            <th scope="col">{releaseMessages.release}</th>
          </tr>
        </thead>
        <tbody>
          {history.units.map((unit) => (
            <tr key={unit.serial} className={unit.voided_at ? 'cert-units__voided' : undefined}>
              <td>
                <Link to={staffUrls.unit(unit.serial)}>{unit.serial}</Link>
              </td>
              <td>{unit.voided_at ? t.unitVoided(unit.void_reason) : t.unitOk}</td>
              <td>
                <UnitRelease
                  release={unit.release}
                  record={data.test_record.units.find((record) => record.serial === unit.serial)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * `/certificates/:id`: one issued certificate with its units, revisions and events, and what can be done
 * with it: print, labels, KORRIGIEREN and STORNIEREN (docs/architecture.md#certificate-lifecycle).
 */
export default function CertificateDetailPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const certificate = useCertificate(validId ? id : null);
  const history = useCertificateHistory(validId ? id : null);
  const [panel, setPanel] = useState<'revise' | 'void' | null>(null);
  const data = certificate.data;
  // Revising and voiding are the inspector's (docs/architecture.md#accounts-and-roles).
  const mayChange = allows(useQuery(meQuery).data?.roles ?? [], 'certify');
  const changeable = data && data.status !== 'voided' && mayChange;
  // Releasing is the quality department's (docs/decisions/0010-test-record.md), for what waits or failed.
  const mayRelease = allows(useQuery(meQuery).data?.roles ?? [], 'release');
  const releasable =
    mayRelease &&
    data?.status !== 'voided' &&
    history.data?.units.some(
      (unit) => !unit.voided_at && (unit.release === 'awaiting_release' || unit.release === 'failed'),
    );

  return (
    <div className="cert-screen" data-testid="certificate-detail">
      <div className="cert-toolbar cert-toolbar--start">
        <Link to={staffUrls.tab('certificate_list')}>← {t.back}</Link>
      </div>
      {!validId ? (
        <p className="cert-error" role="alert">
          {t.notFound}
        </p>
      ) : certificate.isError ? (
        <LoadError
          message={apiErrorMessage(certificate.error) ?? t.failed}
          onRetry={() => void certificate.refetch()}
        />
      ) : !data ? (
        <Spinner fullPage />
      ) : (
        <>
          <div className="cert-print-bar">
            <h1 className="cert-title">
              {t.heading} {data.id} · {data.machine_name}
            </h1>
            <span className="cert-badges">
              <StatusBadge status={data.status} />
              <span
                className={`cert-verdict cert-verdict--${data.verdict}`}
                data-testid="certificate-verdict"
              >
                {CERTIFICATE_VERDICT_LABELS[data.verdict]}
              </span>
            </span>
          </div>
          <Summary data={data} history={history.data} />
          <div className="cert-actions">
            <PrintLinks id={data.id} print={t.print} labels={t.labels} />
            {changeable && (
              <>
                <button
                  type="button"
                  className="sui-button sui-button--secondary"
                  aria-expanded={panel === 'revise'}
                  onClick={() => setPanel(panel === 'revise' ? null : 'revise')}
                >
                  {t.revise}
                </button>
                <button
                  type="button"
                  className="sui-button sui-button--secondary"
                  aria-expanded={panel === 'void'}
                  onClick={() => setPanel(panel === 'void' ? null : 'void')}
                >
                  {t.void}
                </button>
              </>
            )}
          </div>
          {/* Keyed by version: after a reload the form starts from what is stored now. */}
          {changeable && panel === 'revise' && (
            <ReviseForm key={data.version} certificate={data} onDone={() => setPanel(null)} />
          )}
          {changeable && panel === 'void' && history.data && (
            <VoidForm
              key={data.version}
              certificate={data}
              units={history.data.units}
              onDone={() => setPanel(null)}
            />
          )}
          {releasable && history.data && (
            <Suspense fallback={<Spinner />}>
              <ReleasePanel key={data.version} certificate={data} units={history.data.units} />
            </Suspense>
          )}
          {history.isError ? (
            <LoadError
              message={apiErrorMessage(history.error) ?? t.failed}
              onRetry={() => void history.refetch()}
            />
          ) : history.data ? (
            <div className="cert-columns">
              <Units history={history.data} data={data} />
              <Revisions id={data.id} history={history.data} />
            </div>
          ) : (
            <Spinner />
          )}
          <EventList path={apiPaths.certificateEvents(data.id)} fieldLabel={rowTitle} />
        </>
      )}
    </div>
  );
}
