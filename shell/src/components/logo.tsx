import './logo.css';

/** The wordmark: names, the same in every language, as at the end of every tab's title (app/document-title.ts). */
const BRAND = 'BDS';
const PRODUCT = 'PRÜFBERICHT';

/** The product mark: a check in the accent colour and the wordmark (drawn here, no image to download). */
export function Logo({ variant = 'dark' }: { variant?: 'dark' | 'light' }) {
  return (
    <span className={`sh-logo sh-logo--${variant}`}>
      <svg className="sh-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#009ED7" />
        <path
          d="M8 16.5l5 5L24 10.5"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sh-logo__text">
        <span className="sh-logo__brand">{BRAND}</span>
        <span className="sh-logo__product">{PRODUCT}</span>
      </span>
    </span>
  );
}
