import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Opens the staff's form for a new recall (mfe-machines' notices tab) and fills machine, severity and texts; the
 * serial range and publishing are the spec's own.
 */
export async function fillRecall(
  screen: Locator,
  machineName: string,
  texts: { title_de: string; text_de: string; title_en: string; text_en: string },
) {
  await screen.getByRole('button', { name: 'Neuer Hinweis' }).click();
  const form = screen.getByTestId('notice-form');
  await form.getByLabel('Maschine suchen').fill(machineName);
  const machineChoice = form.getByLabel('Maschine', { exact: true });
  await expect(machineChoice.locator('option', { hasText: machineName })).toHaveCount(1);
  await machineChoice.selectOption({ label: `${machineName} (BDS Maschinen)` });
  await form.getByLabel('Art').selectOption({ label: 'Rückruf' });
  await form.getByLabel('Titel (Deutsch)').fill(texts.title_de);
  await form.getByLabel('Text (Deutsch)').fill(texts.text_de);
  await form.getByLabel('Titel (Englisch)').fill(texts.title_en);
  await form.getByLabel('Text (Englisch)').fill(texts.text_en);
  return form;
}
