import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface LandingRow {
  name: string;
  image: string;
  link_en: string;
  link_ger: string;
  brand_name: string | null;
  tested_at: string | null;
}

export function landingRepository(db: Db) {
  return {
    /**
     * What the customer page shows, in one statement: the machine, its brand, and when `serial` was issued
     * for this machine (null when it was not). Undefined when there is no such machine. Written as SQL: the
     * busiest public call, and building it with the query builder cost more than running it
     * (docs/architecture.md#budgets).
     */
    async view(id: number, serial: string): Promise<LandingRow | undefined> {
      // The certificate joins only when the unit's certificate is of this machine: another machine's serial
      // must not verify here. A subquery that referred to the machine row ran three times slower on SQLite.
      const { rows } = await sql<LandingRow>`
        select machines.name, machines.image, machines.link_en, machines.link_ger,
               brands.name as brand_name, certificates.created_at as tested_at
        from machines
        left join brands on brands.id = machines.brand_id
        left join certificates on certificates.machine_id = machines.id
          and certificates.id = (select certificate_id from certificate_units where serial = ${serial})
        where machines.id = ${id}`.execute(db);
      return rows[0];
    },
  };
}
