import type { AriaOnChangeProps, AriaOnFocusProps, GroupBase } from 'react-select';

/** What react-select announces to screen readers, in German like the rest of the form (English by default). */
export const germanAriaLiveMessages = {
  guidance: ({ context }: { context: 'menu' | 'input' | 'value' }) =>
    context === 'menu'
      ? 'Pfeiltasten zum Blättern, Eingabetaste zum Wählen, Escape zum Schließen.'
      : 'Zum Suchen tippen, Pfeil nach unten öffnet die Liste.',
  onChange: <Option>({ action, label }: AriaOnChangeProps<Option, false>) =>
    action === 'select-option' ? `${label} gewählt.` : `Auswahl ${label} entfernt.`,
  onFocus: <Option>({ label, isDisabled, isSelected }: AriaOnFocusProps<Option, GroupBase<Option>>) =>
    `${label}${isSelected ? ', gewählt' : ''}${isDisabled ? ', nicht verfügbar' : ''}.`,
  onFilter: ({ inputValue, resultsMessage }: { inputValue: string; resultsMessage: string }) =>
    `${resultsMessage}${inputValue ? ` für „${inputValue}“` : ''}.`,
};

export const screenReaderStatus = ({ count }: { count: number }) =>
  count === 1 ? '1 Treffer' : `${count} Treffer`;
