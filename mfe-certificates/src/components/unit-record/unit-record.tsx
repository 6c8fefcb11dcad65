import { useQuery } from '@tanstack/react-query';
import { allows, apiPaths, qrUrl, rowTitle, staffUrls, type Certificate } from 'contracts';
import { QRCodeSVG } from 'qrcode.react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  EventList,
  formatDay,
  formatDayTime,
  getConfig,
  LoadError,
  meQuery,
  Spinner,
  useT,
} from 'shared-ui';
import { useUnit } from '../../api/get-unit';
import { certificateCatalogs } from '../../catalogs';
import { Facts, PrintLinks } from '../facts';
import { StatusBadge } from '../status-badge';
import { TestAttempts } from './test-attempts';
import { UnitDocuments } from './unit-documents';
import '../../styles/remote.css';
import '../../styles/lifecycle.css';

/** The retest form is only for a failed unit: its own chunk. */
const RetestForm = lazy(() => import('./retest-form'));

type RetestOutcome = 'passed' | 'awaiting' | 'failed';

/** What a retest's answer says of this unit: released, waiting for release, or still failed. */
function retestOutcome(certificate: Certificate, serial: string): RetestOutcome {
  const release = certificate.test_record.units.find((unit) => unit.serial === serial)?.release;
  return release === 'failed' ? 'failed' : release === 'awaiting_release' ? 'awaiting' : 'passed';
}

/**
 * One unit as an auditor follows its trail: its certificate, revision, status and the plan version it was tested
 * against, its release and test record (every attempt, each value with its instrument), the retest of a failed
 * unit, the certificate's sealed documents, its events, the customer page it links to with the QR code, and its
 * reprint and label. The unit's own page (features/unit-view) and the service request beside which it is shown
 * (features/service-requests, where its title is a heading below the request's) both show it.
 */
export function UnitRecord({ serial, heading }: { serial: string; heading: 'h1' | 'h3' }) {
  const t = useT(certificateCatalogs);
  const Title = heading;
  const unit = useUnit(serial);
  const mayRetest = allows(useQuery(meQuery).data?.roles ?? [], 'certify');
  /** What the last retest on this page came to; stays when the page reloads the unit behind it. */
  const [outcome, setOutcome] = useState<RetestOutcome | null>(null);

  if (unit.isError)
    return (
      <div className="cert-screen" data-testid="unit-view">
        <LoadError
          message={apiErrorMessage(unit.error) ?? t('unit.failed')}
          onRetry={() => void unit.refetch()}
        />
      </div>
    );
  if (!unit.data) return <Spinner fullPage />;
  const { certificate } = unit.data;
  const { voided_at, void_reason, release } = unit.data.unit;
  const record = certificate.test_record;
  const unitRecord = record.units.find((candidate) => candidate.serial === serial);
  // The address the unit's printed QR code carries (QR_FORMAT, contracts/src/gs1.ts).
  const customerPage = qrUrl(
    getConfig(),
    { id: certificate.machine_id, ean: certificate.ean_number },
    serial,
  );

  return (
    <div className="cert-screen" data-testid="unit-view">
      <div className="cert-toolbar cert-toolbar--start">
        <Link to={staffUrls.certificateDetail(certificate.id)}>
          ← {t('unit.back', { number: certificate.id })}
        </Link>
      </div>
      <div className="cert-print-bar">
        <Title className="cert-title">{t('unit.title', { serial })}</Title>
        {voided_at ? <StatusBadge status="voided" /> : <StatusBadge status={certificate.status} />}
      </div>
      <Facts
        rows={[
          [
            t('unit.certificate'),
            <Link key="certificate" to={staffUrls.certificateDetail(certificate.id)}>
              {t('detail.number', { number: certificate.id })}
            </Link>,
          ],
          [t('detail.machine'), certificate.machine_name],
          [
            t('unit.plan'),
            // The version the unit was tested against, opened in the machines app's test plan page; version 0 is
            // the built-in plan no machine stores (api/src/modules/test-plans).
            record.plan_version === 0 ? (
              t('unit.defaultPlan')
            ) : (
              <Link key="plan" to={staffUrls.machineTestPlan(certificate.machine_id, record.plan_version)}>
                {t('unit.planVersion', { version: record.plan_version })}
              </Link>
            ),
          ],
          [t('detail.issuedAt'), formatDay(certificate.created_at)],
          [t('detail.revision'), certificate.revision],
          [
            t('detail.unitStatus'),
            voided_at
              ? void_reason
                ? t('detail.unitVoidedFor', { reason: void_reason })
                : t('detail.unitVoided')
              : t('detail.unitOk'),
          ],
          [
            t('release.column'),
            <span key="release" className={`test-release test-release--${release}`}>
              {t(`unitRelease.${release}`)}
              {unitRecord?.released_by_name &&
                unitRecord.released_at &&
                ` · ${t('unit.releasedBy', {
                  name: unitRecord.released_by_name,
                  at: formatDayTime(unitRecord.released_at),
                })}`}
              {unitRecord?.deviation_reason &&
                ` · ${t('unit.deviation', { reason: unitRecord.deviation_reason })}`}
            </span>,
          ],
        ]}
      />
      {outcome && (
        <p className={`test-outcome test-outcome--${outcome === 'failed' ? 'fail' : 'pass'}`} role="status">
          <span aria-hidden="true">{outcome === 'failed' ? '✕ ' : '✓ '}</span>
          {t(`retest.${outcome}`)}
        </p>
      )}
      {unitRecord && (
        <TestAttempts steps={record.steps} record={unitRecord} instruments={unit.data.instruments} />
      )}
      {release === 'failed' && !voided_at && certificate.status !== 'voided' && mayRetest && (
        <Suspense fallback={<Spinner />}>
          <RetestForm
            serial={serial}
            machineId={certificate.machine_id}
            record={record}
            last={unitRecord?.attempts[unitRecord.attempts.length - 1]}
            onRecorded={(answer) => setOutcome(retestOutcome(answer, serial))}
          />
        </Suspense>
      )}
      <UnitDocuments certificateId={certificate.id} documents={unit.data.documents} />
      <div className="cert-unit-link">
        <QRCodeSVG value={customerPage} size={120} level="M" marginSize={2} title={customerPage} />
        <div>
          <p className="cert-note">{t('unit.customerPage')}</p>
          <a href={customerPage} target="_blank" rel="noopener noreferrer">
            {customerPage}
          </a>
        </div>
      </div>
      <div className="cert-actions">
        <PrintLinks id={certificate.id} print={t('unit.reprint')} labels={t('unit.labels')} />
      </div>
      <EventList path={apiPaths.unitEvents(serial)} fieldLabel={rowTitle} />
    </div>
  );
}
