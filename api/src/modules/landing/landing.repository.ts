import { sql } from 'kysely';
import type { UnitRelease } from 'contracts';
import type { Db } from '../../db/database';

export interface LandingRow {
  name: string;
  image: string;
  link_en: string;
  link_ger: string;
  brand_name: string | null;
  brand_email: string | null;
  brand_website: string | null;
  tested_at: string | null;
  /** When the manufacturer voided the unit; meaningful only with `tested_at`. */
  voided_at: string | null;
  /** The unit's release (contracts' UNIT_RELEASES); meaningful only with `tested_at`. */
  release: UnitRelease | null;
  /** When the certificate was last corrected (a revision); null when never. */
  revised_at: string | null;
}

export function landingRepository(db: Db) {
  return {
    /**
     * What the customer page shows, in one statement: the machine, its brand, when `serial` was issued for
     * this machine (null when it was not) and whether it was voided since. Undefined when there is no such machine. Written as SQL: the
     * busiest public call, and building it with the query builder cost more than running it
     * (docs/architecture.md#budgets).
     */
    async view(id: number, serial: string): Promise<LandingRow | undefined> {
      // The certificate joins only when the unit's certificate is of this machine: another machine's serial
      // must not verify here. The unit is found by its serial alone: a join that referred to the machine row
      // ran three times slower on SQLite.
      const { rows } = await sql<LandingRow>`
        select machines.name, machines.image, machines.link_en, machines.link_ger,
               brands.name as brand_name, brands.email as brand_email, brands.website_link as brand_website,
               certificates.created_at as tested_at, units.voided_at, units.release, certificates.revised_at
        from machines
        left join brands on brands.id = machines.brand_id
        left join certificate_units units on units.serial = ${serial}
        left join certificates on certificates.id = units.certificate_id
          and certificates.machine_id = machines.id
        where machines.id = ${id}`.execute(db);
      return rows[0];
    },

    /**
     * The machine a GTIN names (its EAN written as any of `spellings`, contracts/src/gs1.ts). First the machine
     * `serial` was issued for, when its certificate printed this EAN: a unit's own QR code keeps finding its
     * machine after the EAN was edited, or when several machines share one. Else the oldest machine with this
     * EAN now. Undefined when neither exists.
     */
    async idByEan(spellings: string[], serial: string): Promise<number | undefined> {
      const eans = sql.join(spellings);
      const { rows } = await sql<{ id: number }>`
        select id from (
          select certificates.machine_id as id, 0 as rank
          from certificate_units
          join certificates on certificates.id = certificate_units.certificate_id
          where certificate_units.serial = ${serial} and certificates.ean_number in (${eans})
          union all
          select id, 1 as rank from machines where ean_number in (${eans})
        ) as found
        order by rank, id
        limit 1`.execute(db);
      return rows[0]?.id;
    },
  };
}
