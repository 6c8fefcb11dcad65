import type { Generated } from 'kysely';
import type { CheckField } from 'contracts';

/** Row types of every table (DESIGN §5). Timestamps are ISO 8601 strings in UTC; booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  disabled: number;
  created_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Failed sign-ins per account name and per client address, shared by every API instance. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  logo: string;
  email: string;
  website_link: string;
  created_at: string;
  updated_at: string;
}

export interface MachinesTable {
  id: Generated<number>;
  brand_id: number;
  name: string;
  /** Lower-cased article number, unique per brand. */
  name_key: string;
  /** Lower-cased article number, EAN and prefix for case-insensitive search, umlauts included. */
  search_key: string;
  serial_prefix: string;
  ean_number: string;
  link_en: string;
  link_ger: string;
  image: string;
  electronic_circuit_board: number;
  voltage_resistance: string;
  observation: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface SerialCountersTable {
  part1: string;
  last: number;
}

export type CertificatesTable = {
  id: Generated<number>;
  brand_id: number;
  machine_id: number;
  created_by: number;
  checked_by: string;
  /** Lower-cased checker name, for search. */
  checked_by_key: string;
  search_key: string;
  crowd: number;
  resistance_to_voltage: string;
  observation: string;
  origin_germany: string;
  electronic_circuit_board: number;
  machine_type: string;
  machine_image: string;
  serial_prefix: string;
  brand_name: string;
  brand_image: string;
  brand_email: string;
  brand_website: string;
  ean_number: string;
  serial_no_part1: string;
  records_count: number;
  serial_no: string;
  end_serial_no: string;
  created_at: string;
} & Record<CheckField, string>;

export interface CertificateUnitsTable {
  id: Generated<number>;
  certificate_id: number;
  unit_index: number;
  serial: string;
}

/** Row counts maintained by the writes (name 'certificates'). */
export interface TotalsTable {
  name: string;
  value: number;
}

export interface UploadsTable {
  sha256: string;
  mime: string;
  ext: string;
  size: number;
  bytes: Buffer;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  brands: BrandsTable;
  machines: MachinesTable;
  serial_counters: SerialCountersTable;
  certificates: CertificatesTable;
  certificate_units: CertificateUnitsTable;
  uploads: UploadsTable;
  totals: TotalsTable;
}
