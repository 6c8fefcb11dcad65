import '../../../styles/remote.css';

/** `/labels`: the built-in label page the header's ETIKETTEN DRUCKEN opens. Placeholder for the label issue. */
export default function LabelsPage() {
  return (
    <div className="cert-screen" data-testid="labels">
      <h1 className="cert-title">ETIKETTEN DRUCKEN</h1>
      <p className="cert-note">Etiketten</p>
    </div>
  );
}
