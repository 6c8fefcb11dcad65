import type { Brand } from 'contracts';
import { useId } from 'react';
import Select from 'react-select';
import { useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';

interface BrandSelectProps {
  id: string;
  brands: Brand[];
  value: number | null;
  /** null when cleared. */
  onChange: (brandId: number | null) => void;
  error?: string;
}

/** MARKE: a searchable select of the brands, clearable. */
export function BrandSelect({ id, brands, value, onChange, error }: BrandSelectProps) {
  const t = useT(machineCatalogs);
  const errorId = useId();
  return (
    <div className="sui-field">
      <label htmlFor={id}>{t('form.brand')}</label>
      <Select<Brand>
        inputId={id}
        unstyled
        className="mach-select"
        classNamePrefix="mach-select"
        options={brands}
        getOptionLabel={(brand) => brand.name}
        getOptionValue={(brand) => String(brand.id)}
        value={brands.find((brand) => brand.id === value) ?? null}
        // Clearing (✕) passes null; the earlier app crashed there (docs/earlier-app.md).
        onChange={(brand) => onChange(brand?.id ?? null)}
        isClearable
        placeholder={t('form.choose')}
        noOptionsMessage={() => t('form.noBrands')}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
      />
      {error && (
        // aria-errormessage needs a message that is announced (WAI-ARIA 1.2), hence the alert role.
        <p id={errorId} className="sui-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
