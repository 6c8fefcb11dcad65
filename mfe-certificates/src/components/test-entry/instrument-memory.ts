/**
 * The instrument each account last chose per step (step key → instrument id), kept in this browser's
 * localStorage: the form preselects it while it is still fit (instrument-choices.tsx). Per account, so a shared
 * workstation preselects each inspector's own instruments.
 */
const storageKey = (accountId: number) => `pruefbericht.instruments.${accountId}`;

export function rememberedInstruments(accountId: number): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    // Anything else (an older shape, a hand-edited entry) preselects nothing.
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, number] => Number.isInteger(entry[1])),
    );
  } catch {
    return {};
  }
}

export function rememberInstrument(accountId: number, stepKey: string, instrumentId: number) {
  try {
    localStorage.setItem(
      storageKey(accountId),
      JSON.stringify({ ...rememberedInstruments(accountId), [stepKey]: instrumentId }),
    );
  } catch {
    // Storage full or blocked: chosen for this form, only not preselected next time.
  }
}
