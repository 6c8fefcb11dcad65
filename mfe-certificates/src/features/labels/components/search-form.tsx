import { SEARCH_MAX } from 'contracts';
import { useId, useState } from 'react';
import { labelMessages } from '../label-messages';

interface SearchFormProps {
  label: string;
  placeholder: string;
  onSearch: (search: string) => void;
}

/** Runs the search on Enter or the button, not on every keystroke. */
export function SearchForm({ label, placeholder, onSearch }: SearchFormProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  return (
    <form
      role="search"
      className="cert-labels-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <div className="sui-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="sui-input"
          type="search"
          placeholder={placeholder}
          value={draft}
          maxLength={SEARCH_MAX}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <button className="sui-button" type="submit">
        {labelMessages.search}
      </button>
    </form>
  );
}
