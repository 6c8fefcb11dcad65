import { Link, useParams } from 'react-router-dom';
import '../../../styles/remote.css';

/** `/machines` and `/machines/:id`. Placeholder until the machine issue fills the form. */
export default function MachineFormPage() {
  const { id } = useParams();
  return (
    <div className="mach-screen" data-testid="machine-form">
      <Link to="/" className="mach-back">
        ← Zurück
      </Link>
      <h1 className="mach-title">{id ? 'MASCHINE BEARBEITEN' : 'MASCHINE HINZUFÜGEN'}</h1>
    </div>
  );
}
