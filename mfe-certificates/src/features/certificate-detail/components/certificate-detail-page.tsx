import { useQuery } from '@tanstack/react-query';
import {
  allows,
  apiPaths,
  rowTitle,
  staffUrls,
  type Certificate,
  type CertificateHistory,
  type UnitTestRecord,
} from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  apiErrorMessage,
  EventList,
  formatDay,
  formatDayTime,
  LoadError,
  meQuery,
  Spinner,
  useT,
} from 'shared-ui';
import { useCertificate } from '../../../api/get-certificate';
import { certificateCatalogs } from '../../../catalogs';
import { useCertificateHistory } from '../api/get-certificate-history';
import { Facts, PrintLinks } from '../../../components/facts';
import { StatusBadge } from '../../../components/status-badge';
import { ReviseForm } from './revise-form';
import { VoidForm } from './void-form';
import '../../../styles/remote.css';
import '../../../styles/lifecycle.css';
import '../release.css';

// Only accounts with the release right see it, and only while something waits: loaded when shown.
const ReleasePanel = lazy(() => import('./release-panel'));

function Summary({ data, history }: { data: Certificate; history?: CertificateHistory }) {
  const t = useT(certificateCatalogs);
  const first = history?.revisions[history.revisions.length - 1];
  const serials = data.quantity > 1 ? `${data.first_serial} – ${data.last_serial}` : data.first_serial;
  const rows: [string, string][] = [
    [t('detail.machine'), data.machine_name],
    [t('detail.brand'), data.brand_name],
    [t('detail.serials'), serials],
    [t('detail.quantity'), String(data.quantity)],
    [t('detail.issuedAt'), formatDayTime(data.created_at)],
    [t('detail.issuedBy'), first?.issued_by_name ?? '–'],
    [t('detail.checkedBy'), data.checked_by],
    [t('detail.revision'), String(data.revision)],
    [
      t('release.verdict'),
      t(`verdict.${data.verdict}`) +
        (data.failed_units > 0
          ? `: ${t('release.failedUnits', { failed: data.failed_units, of: data.quantity })}`
          : ''),
    ],
    ...(data.voided_units > 0
      ? [
          [t('detail.status'), t('detail.voidedUnits', { voided: data.voided_units, of: data.quantity })] as [
            string,
            string,
          ],
        ]
      : []),
    ...(data.void_reason ? [[t('detail.voidReason'), data.void_reason] as [string, string]] : []),
  ];
  return <Facts rows={rows} />;
}

function Revisions({ id, history }: { id: number; history: CertificateHistory }) {
  const t = useT(certificateCatalogs);
  return (
    <section className="cert-section" aria-labelledby="cert-revisions">
      <h2 id="cert-revisions" className="cert-section__title">
        {t('detail.revisions')}
      </h2>
      <ol className="cert-revisions">
        {history.revisions.map((revision) => (
          <li key={revision.revision}>
            <b>{t('lifecycle.revision', { revision: revision.revision })}</b>
            <span>{formatDayTime(revision.issued_at)}</span>
            <span>{revision.issued_by_name ? t('detail.by', { name: revision.issued_by_name }) : ''}</span>
            <span>
              {revision.replaced_at
                ? t('detail.replacedAt', { date: formatDay(revision.replaced_at) })
                : t('detail.current')}
            </span>
            {revision.reason && (
              <span className="cert-revisions__reason">
                {t('detail.reasonOf', { reason: revision.reason })}
              </span>
            )}
            <Link to={staffUrls.certificatePrint(id, revision.replaced_at ? revision.revision : undefined)}>
              {t('detail.view')}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A unit's release in words (never colour alone), with who released it and why when by deviation. */
function UnitRelease({ record, release }: { record?: UnitTestRecord; release: UnitTestRecord['release'] }) {
  const t = useT(certificateCatalogs);
  return (
    <>
      <span className={`cert-verdict cert-verdict--${release}`}>{t(`unitRelease.${release}`)}</span>
      {record?.released_by_name && record.released_at && (
        <span className="cert-units__release-detail">
          {t('release.releasedBy', {
            name: record.released_by_name,
            at: formatDayTime(record.released_at),
          })}
        </span>
      )}
      {record?.deviation_reason && (
        <span className="cert-units__release-detail">
          {t('release.reasonOf', { reason: record.deviation_reason })}
        </span>
      )}
    </>
  );
}

function Units({ history, data }: { history: CertificateHistory; data: Certificate }) {
  const t = useT(certificateCatalogs);
  return (
    <section className="cert-section" aria-labelledby="cert-units">
      <h2 id="cert-units" className="cert-section__title">
        {t('detail.units')}
      </h2>
      <table className="cert-units">
        <thead>
          <tr>
            <th scope="col">{t('detail.unit')}</th>
            <th scope="col">{t('detail.unitStatus')}</th>
            <th scope="col">{t('release.column')}</th>
          </tr>
        </thead>
        <tbody>
          {history.units.map((unit) => (
            <tr key={unit.serial} className={unit.voided_at ? 'cert-units__voided' : undefined}>
              <td>
                <Link to={staffUrls.unit(unit.serial)}>{unit.serial}</Link>
              </td>
              <td>
                {unit.voided_at
                  ? unit.void_reason
                    ? t('detail.unitVoidedFor', { reason: unit.void_reason })
                    : t('detail.unitVoided')
                  : t('detail.unitOk')}
              </td>
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
  const t = useT(certificateCatalogs);
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const certificate = useCertificate(validId ? id : null);
  const history = useCertificateHistory(validId ? id : null);
  const [panel, setPanel] = useState<'revise' | 'void' | null>(null);
  const data = certificate.data;
  const roles = useQuery(meQuery).data?.roles ?? [];
  // Voiding is the inspector's; revising the quality department's too, which corrects what an instrument's
  // impact entry names (docs/architecture.md#accounts-and-roles).
  const open = data && data.status !== 'voided';
  const revisable = open && allows(roles, 'revise');
  const voidable = open && allows(roles, 'certify');
  // Releasing is the quality department's (docs/decisions/0010-test-record.md), for what waits or failed.
  const mayRelease = allows(roles, 'release');
  const releasable =
    mayRelease &&
    data?.status !== 'voided' &&
    history.data?.units.some(
      (unit) => !unit.voided_at && (unit.release === 'awaiting_release' || unit.release === 'failed'),
    );

  return (
    <div className="cert-screen" data-testid="certificate-detail">
      <div className="cert-toolbar cert-toolbar--start">
        <Link to={staffUrls.tab('certificate_list')}>← {t('detail.back')}</Link>
      </div>
      {!validId ? (
        <p className="cert-error" role="alert">
          {t('detail.notFound')}
        </p>
      ) : certificate.isError ? (
        <LoadError
          message={apiErrorMessage(certificate.error) ?? t('detail.failed')}
          onRetry={() => void certificate.refetch()}
        />
      ) : !data ? (
        <Spinner fullPage />
      ) : (
        <>
          <div className="cert-print-bar">
            <h1 className="cert-title">
              {t('detail.number', { number: data.id })} · {data.machine_name}
            </h1>
            <span className="cert-badges">
              <StatusBadge status={data.status} />
              <span
                className={`cert-verdict cert-verdict--${data.verdict}`}
                data-testid="certificate-verdict"
              >
                {t(`verdict.${data.verdict}`)}
              </span>
            </span>
          </div>
          <Summary data={data} history={history.data} />
          <div className="cert-actions">
            <PrintLinks id={data.id} print={t('detail.print')} labels={t('detail.labels')} />
            {revisable && (
              <button
                type="button"
                className="sui-button sui-button--secondary"
                aria-expanded={panel === 'revise'}
                onClick={() => setPanel(panel === 'revise' ? null : 'revise')}
              >
                {t('detail.revise')}
              </button>
            )}
            {voidable && (
              <button
                type="button"
                className="sui-button sui-button--secondary"
                aria-expanded={panel === 'void'}
                onClick={() => setPanel(panel === 'void' ? null : 'void')}
              >
                {t('detail.void')}
              </button>
            )}
          </div>
          {/* Keyed by version: after a reload the form starts from what is stored now. */}
          {revisable && panel === 'revise' && (
            <ReviseForm key={data.version} certificate={data} onDone={() => setPanel(null)} />
          )}
          {voidable && panel === 'void' && history.data && (
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
              message={apiErrorMessage(history.error) ?? t('detail.failed')}
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
