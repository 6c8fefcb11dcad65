import type { Db } from '../../db/database';
import { prepare } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';

/** What the customer page shows, in one query: the machine, its brand, and when `serial` was tested. */
export function landingRepository(db: Db, cached: ReadCache) {
  const view = prepare(db, (v: { id: number; serial: string }) =>
    db
      .selectFrom('machines')
      .leftJoin('brands', 'brands.id', 'machines.brand_id')
      .select((eb) => [
        'machines.name',
        'machines.image',
        'machines.link_en',
        'machines.link_ger',
        'brands.name as brand_name',
        // Only a unit of this machine counts: another machine's serial must not verify here.
        eb
          .selectFrom('certificate_units')
          .innerJoin('certificates', 'certificates.id', 'certificate_units.certificate_id')
          .select('certificates.created_at')
          .where('certificate_units.serial', '=', v.serial)
          .whereRef('certificates.machine_id', '=', 'machines.id')
          .as('tested_at'),
      ])
      .where('machines.id', '=', v.id),
  );

  return {
    /** Undefined when there is no such machine; `tested_at` is null unless the serial was issued for it. */
    async get(id: number, serial: string) {
      // Customers scanning the same machines are answered from memory until the catalogue changes.
      const [row] = await cached(`landing ${id} ${serial}`, () => view({ id, serial }));
      return row;
    },
  };
}
