/**
 * Lengths of text fields the API refuses beyond and the forms stop typing at. Plain numbers, so a form can
 * import them without pulling in the schemas.
 */

export const CHECKED_BY_MAX = 100;
export const SERIAL_PREFIX_MAX = 20;
/** EAN-13 is the longest barcode the labels print. */
export const EAN_MAX = 13;
/** The longest address RFC 5321 lets through. */
export const EMAIL_MAX = 254;
export const DESCRIPTION_MAX = 5000;
export const PASSWORD_MAX = 1024;
export const IDEMPOTENCY_KEY_MAX = 200;
/** The reason of a revision or void: a sentence or two, as an auditor reads it. */
export const REASON_MAX = 500;
