import { useQuery } from '@tanstack/react-query';
import {
  allows,
  apiPaths,
  formatDateTime,
  qrUrl,
  rowTitle,
  staffUrls,
  UNIT_RELEASE_LABELS,
  type Certificate,
} from 'contracts';
import { QRCodeSVG } from 'qrcode.react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiErrorMessage, EventList, formatDate, getConfig, LoadError, meQuery, Spinner } from 'shared-ui';
import { useUnit } from '../../../api/get-unit';
import { Facts, PrintLinks } from '../../../components/facts';
import { StatusBadge } from '../../../components/status-badge';
import { lifecycleMessages } from '../../../lifecycle-messages';
import { unitTestMessages } from '../unit-view-messages';
import { TestAttempts } from './test-attempts';
import '../../../styles/remote.css';
import '../../../styles/lifecycle.css';

const t = lifecycleMessages.unitView;
const d = lifecycleMessages.detail;
const r = unitTestMessages;

/** The retest form is only for a failed unit: its own chunk. */
const RetestForm = lazy(() => import('./retest-form'));

/** What a retest's answer says of this unit: released, waiting for release, or still failed. */
function retestOutcome(certificate: Certificate, serial: string) {
  const release = certificate.test_record.units.find((unit) => unit.serial === serial)?.release;
  if (release === 'failed') return { text: r.retestFailed, failed: true };
  return { text: release === 'awaiting_release' ? r.retestAwaiting : r.retestPassed, failed: false };
}

/**
 * `/units/:serial`: one unit, reached from its serial: its certificate, revision and status, its release and test
 * record (every attempt), the retest of a failed unit, its events, the customer page it links to with the QR code,
 * and its reprint and label.
 */
export default function UnitPage() {
  const serial = useParams().serial ?? '';
  const unit = useUnit(serial);
  const mayRetest = allows(useQuery(meQuery).data?.roles ?? [], 'certify');
  /** What the last retest on this page came to; stays when the page reloads the unit behind it. */
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  if (unit.isError)
    return (
      <div className="cert-screen" data-testid="unit-view">
        <LoadError message={apiErrorMessage(unit.error) ?? t.failed} onRetry={() => void unit.refetch()} />
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
          ← {t.certificate} {certificate.id}
        </Link>
      </div>
      <div className="cert-print-bar">
        <h1 className="cert-title">
          {t.heading} {serial}
        </h1>
        {voided_at ? <StatusBadge status="voided" /> : <StatusBadge status={certificate.status} />}
      </div>
      <Facts
        rows={[
          [
            t.certificate,
            <Link key="certificate" to={staffUrls.certificateDetail(certificate.id)}>
              {d.heading} {certificate.id}
            </Link>,
          ],
          [d.machine, certificate.machine_name],
          [d.issuedAt, formatDate(certificate.created_at)],
          [d.revision, certificate.revision],
          [d.unitStatus, voided_at ? d.unitVoided(void_reason) : d.unitOk],
          [
            r.release,
            <span key="release" className={`test-release test-release--${release}`}>
              {UNIT_RELEASE_LABELS[release]}
              {unitRecord?.released_by_name &&
                unitRecord.released_at &&
                ` · ${r.releasedBy(unitRecord.released_by_name, formatDateTime(unitRecord.released_at))}`}
              {unitRecord?.deviation_reason && ` · ${r.deviation(unitRecord.deviation_reason)}`}
            </span>,
          ],
        ]}
      />
      {outcome && (
        <p className={`test-outcome test-outcome--${outcome.failed ? 'fail' : 'pass'}`} role="status">
          <span aria-hidden="true">{outcome.failed ? '✕ ' : '✓ '}</span>
          {outcome.text}
        </p>
      )}
      {unitRecord && <TestAttempts steps={record.steps} record={unitRecord} />}
      {release === 'failed' && !voided_at && certificate.status !== 'voided' && mayRetest && (
        <Suspense fallback={<Spinner />}>
          <RetestForm
            serial={serial}
            record={record}
            onRecorded={(answer) => setOutcome(retestOutcome(answer, serial))}
          />
        </Suspense>
      )}
      <div className="cert-unit-link">
        <QRCodeSVG value={customerPage} size={120} level="M" marginSize={2} title={customerPage} />
        <div>
          <p className="cert-note">{t.customerPage}</p>
          <a href={customerPage} target="_blank" rel="noopener noreferrer">
            {customerPage}
          </a>
        </div>
      </div>
      <div className="cert-actions">
        <PrintLinks id={certificate.id} print={t.reprint} labels={t.labels} />
      </div>
      <EventList path={apiPaths.unitEvents(serial)} fieldLabel={rowTitle} />
    </div>
  );
}
