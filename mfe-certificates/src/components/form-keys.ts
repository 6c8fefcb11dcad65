import type { KeyboardEvent } from 'react';

/**
 * For a form's keydown: keeps Enter in a field from submitting (a stray Enter on the create form consumed
 * serials) and submits on Ctrl+Enter (⌘+Enter), the shortcut the submit button's hint names. Enter on a button
 * still presses it.
 */
export function submitOnlyByShortcut(event: KeyboardEvent<HTMLFormElement>, submit: () => void) {
  if (event.key !== 'Enter') return;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    submit();
  } else if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)
    event.preventDefault();
}
