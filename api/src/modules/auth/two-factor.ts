import crypto from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_CODE_PATTERN } from 'contracts';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 s. */
const totp = (secret: string, email = '') =>
  new TOTP({ issuer: 'Prüfbericht', label: email, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code carries. */
export const totpUri = (secret: string, email: string) => totp(secret, email).toString();

/**
 * The time step of a right code, one step of clock drift either way allowed; undefined for a wrong code.
 * The caller refuses a step not later than the last one accepted, so a code works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!TOTP_CODE_PATTERN.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : TOTP.counter({ timestamp: now }) + delta;
}

// No 0/O, 1/l/i: a code read from paper is typed without guessing.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown as `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * Stored as SHA-256 of the code without case, spaces or dash: random codes need no slow hash, and a copy of
 * the table signs nobody in.
 */
export const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
