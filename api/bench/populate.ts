import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database';

export interface Scale {
  certificates: number;
  machines: number;
  /** Units per certificate; 5 gives about 5,000,000 serials for 1,000,000 certificates. */
  unitsPerCertificate: number;
}

const BRANDS = 50;

/**
 * Fills an empty, migrated database through the production schema with generated rows, made by the
 * database itself (PostgreSQL's generate_series, SQLite's recursive CTE) so a million certificates take
 * seconds, not hours. Serials follow docs/decisions/0004-serial-scheme.md exactly, so the UNIQUE index and the counters hold.
 */
export async function populate({ db, kind }: DatabaseHandle, scale: Scale, userId: number): Promise<void> {
  const pg = kind === 'postgres';
  /** The rows 1…n as a table `alias` with one column `n`. */
  const series = (n: number, alias = 's') =>
    pg
      ? sql.raw(`generate_series(1, ${n}) as ${alias}(n)`)
      : sql.raw(
          `(with recursive r(n) as (select 1 union all select n + 1 from r where n < ${n}) select n from r) ${alias}`,
        );
  const pad3 = (expr: string) => (pg ? `lpad((${expr})::text, 3, '0')` : `printf('%03d', ${expr})`);
  const text = (expr: string) => (pg ? `(${expr})::text` : `cast(${expr} as text)`);
  const now = new Date('2026-01-01T00:00:00Z').getTime();
  const iso = (secondsExpr: string) =>
    pg
      ? `to_char(timestamp '2026-01-01' + (${secondsExpr}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%S.000Z', ${now / 1000} + (${secondsExpr}), 'unixepoch')`;
  const { certificates, machines, unitsPerCertificate: units } = scale;

  await sql`insert into brands (name, name_key, logo, email, website_link, created_at, updated_at)
    select 'Marke ' || ${sql.raw(text('n'))}, 'marke ' || ${sql.raw(text('n'))}, '', 'info@marke.example',
      'https://marke.example', ${sql.raw(iso('n'))}, ${sql.raw(iso('n'))}
    from ${series(BRANDS)}`.execute(db);

  await sql`insert into machines (brand_id, name, name_key, search_key, serial_prefix, ean_number, link_en, link_ger,
      image, electronic_circuit_board, voltage_resistance, observation, description, created_at, updated_at)
    select (select min(id) from brands) + (n % ${sql.lit(BRANDS)}), 'Maschine ' || ${sql.raw(text('n'))},
      'maschine ' || ${sql.raw(text('n'))}, 'maschine ' || ${sql.raw(text('n'))} || ' m' || ${sql.raw(text('n'))},
      'M' || ${sql.raw(text('n'))}, '', 'https://marke.example/en', 'https://marke.example/de', '', n % 2, '', '', '',
      ${sql.raw(iso('n'))}, ${sql.raw(iso('n'))}
    from ${series(machines)}`.execute(db);

  // Certificate n belongs to machine (n mod machines); it is that machine's k-th, so its first number is
  // k * units + 1 within the machine's one serial base (prefix + 2601).
  const machineOf = `(select min(id) from machines) + (n % ${machines})`;
  const part1 = `'M' || ${text(`(n % ${machines}) + 1`)} || '2601'`;
  const first = `((n - 1) / ${machines}) * ${units} + 1`;
  const checks = Array(9).fill("'OK'").join(', ');
  await sql`insert into certificates (brand_id, machine_id, created_by, checked_by, checked_by_key, machine_name_key,
      quantity, perpendicularity, tolerance_of_spindle, magnet_base_switch, motor_switch, guide, isolation,
      insulation_resistance, accessories, technical_certification, resistance_to_voltage, observation,
      origin, electronic_circuit_board, machine_name, machine_image, serial_prefix, brand_name, brand_image,
      brand_email, brand_website, ean_number, serial_base, first_unit_number, first_serial, last_serial, created_at,
      issue_month)
    select m.brand_id, m.id, ${userId}, 'Prüfer ' || ${sql.raw(text('n % 20'))},
      'prüfer ' || ${sql.raw(text('n % 20'))}, m.name_key, ${units},
      ${sql.raw(checks)}, '1500 V', '230 Volt, 50-60Hz', 'GERMANY', m.electronic_circuit_board, m.name, '',
      m.serial_prefix, 'Marke', '', 'info@marke.example', 'https://marke.example', '',
      ${sql.raw(part1)}, ${sql.raw(first)},
      ${sql.raw(part1)} || ${sql.raw(pad3(first))},
      ${sql.raw(part1)} || ${sql.raw(pad3(`${first} + ${units - 1}`))},
      ${sql.raw(iso('n * 20'))}, substr(${sql.raw(iso('n * 20'))}, 1, 7)
    from ${series(certificates)} join machines m on m.id = ${sql.raw(machineOf)}
    order by n`.execute(db);

  await sql`insert into certificate_units (certificate_id, unit_index, serial)
    select c.id, u.n - 1, c.serial_base || ${sql.raw(pad3('c.first_unit_number + u.n - 1'))}
    from certificates c cross join ${series(units, 'u')}
    order by c.id, u.n`.execute(db);

  // The audit trail as issuing leaves it: one event per certificate, by its account.
  await sql`insert into audit_events (at, account_id, action, subject_type, subject_id, details)
    select created_at, created_by, 'certificate.issued', 'certificate', ${sql.raw(text('id'))},
      '{"machine_id":' || ${sql.raw(text('machine_id'))} || ',"quantity":' || ${sql.raw(text('quantity'))} || '}'
    from certificates order by id`.execute(db);

  await sql`insert into serial_counters (serial_base, last)
    select serial_base, max(first_unit_number) + ${units} - 1 from certificates group by serial_base`.execute(
    db,
  );

  // The units per month of the reports, as issuing keeps them. Generated serials all say 2601, so the month
  // is taken from the generated issue time instead (UTC, close enough for sizes and speeds).
  const month = sql.raw(`substr(created_at, 1, 7)`);
  await sql`insert into units_by_brand (month, brand_id, certificates, units, voided_units)
    select ${month}, brand_id, count(*), sum(quantity), 0 from certificates group by 1, 2`.execute(db);
  for (const period of [month, sql.raw(`substr(created_at, 1, 4)`)])
    await sql`insert into units_by_machine (period, machine_id, certificates, units, voided_units)
      select ${period}, machine_id, count(*), sum(quantity), 0 from certificates group by 1, 2`.execute(db);
  await sql`insert into units_by_checker (month, checker_key, checker, certificates, units, voided_units)
    select ${month}, checked_by_key, max(checked_by), count(*), sum(quantity), 0 from certificates
    group by 1, 2`.execute(db);

  await sql`update totals set value = (select count(*) from certificates) where name = 'certificates'`.execute(
    db,
  );
  // The generated certificates stand for years issued before sealed documents: no job seals them (they are
  // written here, not through a change), and each is sealed when first asked for.
  // Fresh statistics, as a database that grew to this size over years would have. On PostgreSQL also the
  // vacuum and checkpoint that would otherwise run in the background while the load is measured.
  if (pg) {
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  } else await sql`analyze`.execute(db);
}
