import { SEARCH_MAX } from 'contracts';
import { useId, useState } from 'react';
import './search-box.css';

export interface SearchBoxProps {
  /** The input's accessible name; shown above it when `showLabel`, otherwise given as `aria-label`. */
  label: string;
  showLabel?: boolean;
  /** Defaults to the label. */
  placeholder?: string;
  /** The button's accessible name, and its text unless `icon`. */
  buttonLabel: string;
  /** A magnifier instead of the button's text (the name stays for screen readers and as tooltip). */
  icon?: boolean;
  /**
   * The search in force, when the page keeps it (in the address, say). Whenever it changes (a search sent, a
   * link, Back in the browser) the box shows it, trimmed as sent; typing changes only the box until then.
   * Without it the box keeps the text as typed.
   */
  value?: string;
  /** Called with the trimmed text on Enter or the button, not on every keystroke. */
  onSearch: (search: string) => void;
  autoFocus?: boolean;
  /** Extra class on the form, for the page's layout. */
  className?: string;
}

/** A search form (`role="search"`): one labelled input and its button. */
export function SearchBox({
  label,
  showLabel = false,
  placeholder = label,
  buttonLabel,
  icon = false,
  value = '',
  onSearch,
  autoFocus = false,
  className,
}: SearchBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }

  return (
    <form
      role="search"
      className={className ? `sui-search ${className}` : 'sui-search'}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <div className={showLabel ? 'sui-field sui-search__field' : 'sui-search__field'}>
        {showLabel && <label htmlFor={id}>{label}</label>}
        <input
          id={id}
          className="sui-input"
          type="search"
          placeholder={placeholder}
          aria-label={showLabel ? undefined : label}
          maxLength={SEARCH_MAX}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          // Only where a page opens on its search, as the earlier app did (docs/earlier-app.md).
          autoFocus={autoFocus}
        />
      </div>
      {icon ? (
        <button
          type="submit"
          className="sui-button sui-search__button"
          aria-label={buttonLabel}
          title={buttonLabel}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      ) : (
        <button type="submit" className="sui-button">
          {buttonLabel}
        </button>
      )}
    </form>
  );
}
