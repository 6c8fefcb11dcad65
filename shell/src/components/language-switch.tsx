import { isStaffLanguage, STAFF_LANGUAGE_NAMES, STAFF_LANGUAGES, type StaffLanguage } from 'contracts';
import { useLanguage, useT } from 'shared-ui';
import { shellCatalogs } from '../catalogs';
import './language-switch.css';

/**
 * A choice of the staff app's languages, each named in its own language: the active one, or `value` (a new
 * account's language).
 */
export function LanguageSwitch({
  value,
  onChange,
  disabled,
  className,
  hideLabel,
}: {
  value?: StaffLanguage;
  onChange: (language: StaffLanguage) => void;
  disabled?: boolean;
  className?: string;
  /** In the header the choice ("Deutsch") speaks for itself; the label stays for screen readers. */
  hideLabel?: boolean;
}) {
  const t = useT(shellCatalogs);
  const active = useLanguage();
  return (
    <label className={`sh-language ${className ?? ''}`.trim()}>
      <span className={hideLabel ? 'sui-visually-hidden' : 'sh-language__label'}>{t('language.label')}</span>
      <select
        className="sh-language__select"
        value={value ?? active}
        disabled={disabled}
        onChange={(event) => {
          if (isStaffLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {STAFF_LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {STAFF_LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
