import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/* Portable between SQLite and PostgreSQL; never imports app code (the schema here is frozen in time). */

const CHECK_COLUMNS = [
  'perpendicularity',
  'tolerance_of_spindle',
  'magnet_base_switch',
  'motor_switch',
  'guide',
  'isolation',
  'insulation_resistance',
  'accessories',
  'technical_certification',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', text)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', notNull)
    .addColumn('window_started_at', 'text', notNull)
    .addColumn('locked_until', 'text')
    .execute();

  await withId(db, db.schema.createTable('brands'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('logo', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('website_link', 'text', text)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('machines'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', notNull)
    .addColumn('search_key', 'text', notNull)
    .addColumn('serial_prefix', 'text', notNull)
    .addColumn('ean_number', 'text', text)
    .addColumn('link_en', 'text', text)
    .addColumn('link_ger', 'text', text)
    .addColumn('image', 'text', text)
    .addColumn('electronic_circuit_board', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('voltage_resistance', 'text', text)
    .addColumn('observation', 'text', text)
    .addColumn('description', 'text', text)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('machines_brand_name', ['brand_id', 'name_key'])
    .execute();
  await db.schema.createIndex('machines_created').on('machines').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('serial_counters')
    .addColumn('part1', 'text', (col) => col.primaryKey())
    .addColumn('last', 'integer', notNull)
    .execute();

  let certificates = withId(db, db.schema.createTable('certificates'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id'))
    .addColumn('machine_id', 'integer', (col) => col.notNull().references('machines.id'))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('checked_by', 'text', notNull)
    .addColumn('search_key', 'text', notNull)
    .addColumn('crowd', 'integer', notNull);
  for (const column of [
    ...CHECK_COLUMNS,
    'resistance_to_voltage',
    'observation',
    'origin_germany',
    'machine_type',
    'machine_image',
    'serial_prefix',
    'brand_name',
    'brand_image',
    'brand_email',
    'brand_website',
    'ean_number',
    'serial_no_part1',
    'serial_no',
    'end_serial_no',
    'created_at',
  ]) {
    certificates = certificates.addColumn(column, 'text', notNull);
  }
  await certificates
    .addColumn('electronic_circuit_board', 'integer', notNull)
    .addColumn('records_count', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('certificates_created')
    .on('certificates')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('certificates_machine').on('certificates').column('machine_id').execute();

  await withId(db, db.schema.createTable('certificate_units'))
    .addColumn('certificate_id', 'integer', (col) =>
      col.notNull().references('certificates.id').onDelete('cascade'),
    )
    .addColumn('unit_index', 'integer', notNull)
    .addColumn('serial', 'text', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createIndex('certificate_units_certificate')
    .on('certificate_units')
    .column('certificate_id')
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('mime', 'text', notNull)
    .addColumn('ext', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'uploads',
    'certificate_units',
    'certificates',
    'serial_counters',
    'machines',
    'brands',
    'login_throttle',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
