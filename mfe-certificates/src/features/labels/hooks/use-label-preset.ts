import { useCallback, useState } from 'react';
import { findPreset, type LabelPreset } from '../label-presets';

export const PRESET_STORAGE_KEY = 'labels.preset';

function storedPresetId(): string | null {
  try {
    return window.localStorage.getItem(PRESET_STORAGE_KEY);
  } catch {
    // Storage can be blocked by the browser's privacy settings; then the default stock is used.
    return null;
  }
}

/** The chosen label stock, remembered in this browser: each workstation has its own printer. */
export function useLabelPreset(): [LabelPreset, (id: string) => void] {
  const [preset, setPreset] = useState(() => findPreset(storedPresetId()));
  const choose = useCallback((id: string) => {
    const next = findPreset(id);
    setPreset(next);
    try {
      window.localStorage.setItem(PRESET_STORAGE_KEY, next.id);
    } catch {
      // Not remembered, but still used for this visit.
    }
  }, []);
  return [preset, choose];
}
