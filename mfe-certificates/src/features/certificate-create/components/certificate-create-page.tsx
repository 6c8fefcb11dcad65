import { Spinner } from 'shared-ui';
import { useBrands } from '../hooks/use-brands';
import '../../../styles/remote.css';

/** Tab "Prüfbericht erstellen" (spec §2). Placeholder until the certificate issue fills it; loads the brands. */
export default function CertificateCreatePage() {
  const brands = useBrands();
  if (brands.isPending) return <Spinner fullPage />;
  return (
    <div className="cert-screen" data-testid="certificate-create">
      <h1 className="cert-title">Prüfbericht erstellen</h1>
      <div className="cert-form">
        <div className="sui-field">
          <label htmlFor="cert-brand">MARKE</label>
          <select id="cert-brand" className="sui-input" defaultValue="">
            <option value="" disabled>
              wählen...
            </option>
            {(brands.data ?? []).map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
