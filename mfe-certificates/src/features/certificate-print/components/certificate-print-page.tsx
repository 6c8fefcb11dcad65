import { useParams } from 'react-router-dom';
import '../../../styles/remote.css';

/** `/pdf/:id`: the reprint of an issued certificate. Placeholder until the print issue fills it. */
export default function CertificatePrintPage() {
  const { id } = useParams();
  return (
    <div className="cert-screen" data-testid="certificate-print">
      <h1 className="cert-title">Prüfbericht {id}</h1>
      <p className="cert-note">Druckansicht</p>
    </div>
  );
}
