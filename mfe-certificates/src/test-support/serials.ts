/**
 * The serials a fixture's certificate carries, as the server stores them: the serial base and a counter of at
 * least three digits from `first` on (docs/decisions/0004-serial-scheme.md). Test data only: the remote itself
 * never computes a serial, it prints the `serials` the API sends.
 */
export const fixtureSerials = (base: string, first: number, count: number): string[] =>
  Array.from({ length: count }, (_, k) => base + String(first + k).padStart(3, '0'));
