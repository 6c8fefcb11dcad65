/**
 * Maps keyed by what users type (a plan step's key, a form field's name): objects without Object.prototype, so a
 * key such as `constructor` or `toString` never reads a function that nobody stored (issue found by an outside
 * test: a step keyed `constructor` broke issuing, sealing and the export).
 */
export function keyedMap<T>(entries: Iterable<readonly [string, T]> | Readonly<Record<string, T>> = []) {
  const map = Object.create(null) as Record<string, T>;
  for (const [key, value] of Symbol.iterator in entries ? entries : Object.entries(entries)) map[key] = value;
  return map;
}

/** A JSON object keyed by user data, read back without Object.prototype (keyedMap). */
export const parseKeyedMap = <T>(json: string) => keyedMap<T>(JSON.parse(json) as Record<string, T>);

/**
 * Names a plan step's key may not have: those of Object.prototype and `prototype`, which a plain object keyed by
 * them would answer without anyone storing them.
 */
export const RESERVED_STEP_KEYS: readonly string[] = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
];

/**
 * `map[key]` when the map holds it itself: for maps keyed by user data that crossed JSON or a thread (both give
 * back plain objects, with Object.prototype).
 */
export const ownValue = <T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  map && Object.hasOwn(map, key) ? map[key] : undefined;
