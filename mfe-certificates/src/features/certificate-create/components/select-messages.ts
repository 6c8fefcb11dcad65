import type { AriaOnChangeProps, AriaOnFocusProps, GroupBase } from 'react-select';
import { translate } from '../../../catalogs';

/** What react-select announces to screen readers, in the staff language like the rest of the form (English by default). */
export const ariaLiveMessages = {
  guidance: ({ context }: { context: 'menu' | 'input' | 'value' }) =>
    context === 'menu' ? translate('select.guidanceMenu') : translate('select.guidanceInput'),
  onChange: <Option>({ action, label }: AriaOnChangeProps<Option, false>) =>
    action === 'select-option'
      ? translate('select.chosen', { label })
      : translate('select.removed', { label }),
  onFocus: <Option>({ label, isDisabled, isSelected }: AriaOnFocusProps<Option, GroupBase<Option>>) =>
    translate('select.focus', {
      label,
      state: isSelected && isDisabled ? 'both' : isSelected ? 'chosen' : isDisabled ? 'unavailable' : 'none',
    }),
  onFilter: ({ inputValue, resultsMessage }: { inputValue: string; resultsMessage: string }) =>
    inputValue
      ? translate('select.resultsFor', { results: resultsMessage, input: inputValue })
      : translate('select.results', { results: resultsMessage }),
};

export const screenReaderStatus = ({ count }: { count: number }) => translate('select.count', { count });
