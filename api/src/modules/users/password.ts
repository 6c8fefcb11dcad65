import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { messages } from '../../messages';
import { BusyError, HEAVY_JOBS, workQueue } from '../../plugins/busy';

const rawScrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * One scrypt takes about 280 ms of a thread-pool thread and a core. A few run at once and a few seconds' worth
 * wait; a storm of sign-ins beyond that is refused with 429 at once instead of starving the rest of the API
 * (plugins/busy.ts).
 */
export const HASHING = { running: HEAVY_JOBS, waiting: 8 * HEAVY_JOBS, retryAfterSeconds: 5 };
const hashing = workQueue({
  ...HASHING,
  busy: () => new BusyError(messages.signInBusy, HASHING.retryAfterSeconds),
});

const scrypt = (...args: Parameters<typeof rawScrypt>) => hashing.run(() => rawScrypt(...args));

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** docs/architecture.md#security: N=2^17, r=8, p=1. Stored self-describing, so the cost can be raised later. */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

const maxmem = (cost: ScryptCost) => 256 * cost.N * cost.r + 16 * 1024 * 1024;

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: maxmem(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    ...cost,
    maxmem: maxmem(cost),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Verified against for unknown accounts, so they take as long as known ones. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}
