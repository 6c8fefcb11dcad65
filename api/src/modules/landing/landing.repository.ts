import type { Db } from '../../db/database';

export function landingRepository(db: Db) {
  return {
    /**
     * What the customer page shows, in one statement: the machine, its brand, and when `serial` was issued
     * for this machine (null when it was not). Undefined when there is no such machine.
     */
    view(id: number, serial: string) {
      return db
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
            .where('certificate_units.serial', '=', serial)
            .whereRef('certificates.machine_id', '=', 'machines.id')
            .as('tested_at'),
        ])
        .where('machines.id', '=', id)
        .executeTakeFirst();
    },
  };
}
