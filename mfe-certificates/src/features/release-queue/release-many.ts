import type { QueuedUnit } from 'contracts';

/** What became of one chosen unit: released, or refused and why. */
export type ReleaseOutcome =
  { serial: string; released: true } | { serial: string; released: false; reason: string };

/**
 * Releases the chosen units through their certificates' release (one call per certificate, one after the other,
 * so the second-person rule and every other check stay the API's), and says for each unit what became of it. A
 * refused certificate refuses all of its chosen units, for the same reason.
 */
export async function releaseMany(
  units: readonly Pick<QueuedUnit, 'serial' | 'certificate_id'>[],
  release: (certificateId: number, serials: string[]) => Promise<unknown>,
  reasonOf: (error: unknown) => string,
): Promise<ReleaseOutcome[]> {
  const byCertificate = new Map<number, string[]>();
  for (const unit of units)
    byCertificate.set(unit.certificate_id, [...(byCertificate.get(unit.certificate_id) ?? []), unit.serial]);
  const outcomes: ReleaseOutcome[] = [];
  for (const [certificateId, serials] of byCertificate) {
    try {
      await release(certificateId, serials);
      outcomes.push(...serials.map((serial) => ({ serial, released: true as const })));
    } catch (error) {
      const reason = reasonOf(error);
      outcomes.push(...serials.map((serial) => ({ serial, released: false as const, reason })));
    }
  }
  return outcomes;
}
