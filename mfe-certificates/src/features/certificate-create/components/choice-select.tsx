import Select from 'react-select';
import { ariaLiveMessages, screenReaderStatus } from './select-messages';
import { darkSelectTheme, selectStyles } from './select-theme';

/** What the form chooses from: a brand or a machine. */
export interface Choice {
  id: number;
  name: string;
}

export interface ChoiceSelectProps {
  inputId: string;
  options: readonly Choice[];
  value: Choice | null;
  /** The chosen option's id; null when cleared (the earlier app crashed here, docs/earlier-app.md). */
  onChange: (id: number | null) => void;
  placeholder: string;
  noOptions: string;
  loadingMessage?: string;
  isLoading?: boolean;
  isDisabled?: boolean;
  /** The field has a message: a red border, and the message's id for `aria-errormessage`. */
  errorId?: string;
}

/**
 * A searchable, clearable react-select in the staff UI's dark look, announced in the staff language. A chunk of its own:
 * react-select is a third of the form's first load (docs/architecture.md#budgets), so the form fetches it on mount.
 */
export default function ChoiceSelect({
  inputId,
  options,
  value,
  onChange,
  placeholder,
  noOptions,
  loadingMessage,
  isLoading,
  isDisabled,
  errorId,
}: ChoiceSelectProps) {
  return (
    <Select<Choice>
      inputId={inputId}
      options={options}
      value={value}
      getOptionLabel={(choice) => choice.name}
      getOptionValue={(choice) => String(choice.id)}
      onChange={(choice) => onChange(choice?.id ?? null)}
      placeholder={placeholder}
      noOptionsMessage={() => noOptions}
      loadingMessage={loadingMessage === undefined ? undefined : () => loadingMessage}
      isLoading={isLoading}
      isDisabled={isDisabled}
      ariaLiveMessages={ariaLiveMessages}
      screenReaderStatus={screenReaderStatus}
      isClearable
      theme={darkSelectTheme}
      styles={selectStyles<Choice>(errorId !== undefined)}
      {...(errorId === undefined ? {} : { 'aria-invalid': true, 'aria-errormessage': errorId })}
    />
  );
}
