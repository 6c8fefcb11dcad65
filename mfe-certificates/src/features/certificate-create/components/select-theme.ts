import type { GroupBase, StylesConfig, Theme } from 'react-select';

/** react-select in the staff UI's dark look (theme.css): black field, white text, accent #009ED7. */
export function darkSelectTheme(theme: Theme): Theme {
  return {
    ...theme,
    borderRadius: 6,
    colors: {
      ...theme.colors,
      // The selected option's fill under white text: the accent's AA shade (shared-ui/src/theme.css).
      primary: '#0077a1',
      primary75: '#33b5e3',
      primary50: 'rgba(0, 158, 215, 0.5)',
      primary25: 'rgba(0, 158, 215, 0.25)',
      danger: '#ff6b6b',
      dangerLight: 'rgba(255, 107, 107, 0.2)',
      neutral0: '#000',
      neutral5: '#141414',
      neutral10: '#1d1d1d',
      neutral20: '#2e2e2e',
      neutral30: '#5a5a5a',
      neutral40: '#9e9e9e',
      neutral50: '#bdbdbd',
      neutral60: '#d0d0d0',
      neutral70: '#e0e0e0',
      neutral80: '#fff',
      neutral90: '#fff',
    },
  };
}

/** The focus ring of .sui-input (shared-ui/src/theme.css), so a select looks focused like every other field. */
const FOCUS_RING = { borderColor: '#009ed7', boxShadow: '0 0 0 3px rgba(0, 158, 215, 0.35)' };

/** Field height as .sui-input; its focus ring; a red border when the field has an error; the menu above the form. */
export function selectStyles<Option>(invalid: boolean): StylesConfig<Option, false, GroupBase<Option>> {
  return {
    control: (base, state) => ({
      ...base,
      minHeight: 42,
      ...(state.isFocused ? { ...FOCUS_RING, '&:hover': FOCUS_RING } : {}),
      ...(invalid && !state.isFocused ? { borderColor: '#ff6b6b' } : {}),
      ...(state.isDisabled ? { opacity: 0.55 } : {}),
    }),
    menu: (base) => ({ ...base, zIndex: 20, border: '1px solid #2e2e2e' }),
  };
}
