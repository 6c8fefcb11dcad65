import { useParams } from 'react-router-dom';
import './landing-page.css';

/**
 * The public customer page for a machine and serial number (spec §2, earlier-app §4).
 * Placeholder until the landing issue fills it; the exposed name `./Landing` stays.
 */
export default function LandingPage() {
  const { id, serial } = useParams();
  return (
    <main className="land-page" data-testid="landing-page" data-machine-id={id}>
      <header className="land-header">BDS MASCHINEN</header>
      <div className="land-boxes">
        <div className="land-box">
          <p className="land-box__label">MODEL / MODELL</p>
          <p className="land-box__value">–</p>
        </div>
        <div className="land-box">
          <p className="land-box__label">SERIAL NUMBER / SERIENNUMMER</p>
          <p className="land-box__value">{serial ?? '–'}</p>
        </div>
      </div>
    </main>
  );
}
