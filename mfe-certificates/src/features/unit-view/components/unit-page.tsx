import { apiPaths, qrUrl, staffUrls } from 'contracts';
import { QRCodeSVG } from 'qrcode.react';
import { Link, useParams } from 'react-router-dom';
import { apiErrorMessage, EventList, formatDate, getConfig, LoadError, Spinner } from 'shared-ui';
import { useUnit } from '../../../api/get-unit';
import { rowTitle } from '../../../components/certificate-rows';
import { Facts, PrintLinks } from '../../../components/facts';
import { StatusBadge } from '../../../components/status-badge';
import { lifecycleMessages } from '../../../lifecycle-messages';
import '../../../styles/remote.css';
import '../../../styles/lifecycle.css';

const t = lifecycleMessages.unitView;
const d = lifecycleMessages.detail;

/**
 * `/units/:serial`: one unit, reached from its serial: its certificate, revision and status, its events, the
 * customer page it links to with the QR code, and its reprint and label.
 */
export default function UnitPage() {
  const serial = useParams().serial ?? '';
  const unit = useUnit(serial);

  if (unit.isError)
    return (
      <div className="cert-screen" data-testid="unit-view">
        <LoadError message={apiErrorMessage(unit.error) ?? t.failed} onRetry={() => void unit.refetch()} />
      </div>
    );
  if (!unit.data) return <Spinner fullPage />;
  const { certificate } = unit.data;
  const { voided_at, void_reason } = unit.data.unit;
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
        ]}
      />
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
