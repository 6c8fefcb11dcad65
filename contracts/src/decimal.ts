/**
 * Exact comparison of decimal numbers. A typed value ("0,8") and a plan's limit (a JSON number) are compared as
 * the decimals they say, as whole numbers of the smaller power of ten (BigInt), never as binary floating point:
 * 100000000000000,001 is above 100000000000000, although both read as the same double
 * (docs/decisions/0034-exact-limits-and-measuring-ranges.md).
 */

/** A decimal as a whole number of 10^-scale: 0,8 is 8 × 10^-1. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** A typed number: a sign, digits, at most one decimal separator (a comma or a point), no exponent. */
const TYPED = /^([+-]?)(\d+)(?:[.,](\d+))?$/;
/** A number's shortest form as `String` writes it: "0.3", "-12.5", "1e+21", "5e-7". */
const WRITTEN = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * The decimal `value` says exactly: a typed number as typed, a number as its shortest form (the decimal it was
 * typed as, for any number of up to 15 significant digits); undefined for anything else (NaN, Infinity, "1e5").
 */
export function decimalOf(value: string | number): Decimal | undefined {
  const match = typeof value === 'number' ? WRITTEN.exec(String(value)) : TYPED.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const units = BigInt(`${sign}${whole}${fraction}`);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`, compared at the finer of their scales. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * 10n ** BigInt(scale - a.scale);
  const right = b.units * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}
