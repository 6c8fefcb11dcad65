/**
 * The schema keyword of a text field where line breaks belong (an address, a reason). Every other text field is
 * one line, and the API refuses control characters in it (api/src/plugins/validation.ts).
 */
export const MULTILINE = 'x-multiline';
/** Options of a multi-line text field's schema. */
export const multiline = { [MULTILINE]: true } as const;
