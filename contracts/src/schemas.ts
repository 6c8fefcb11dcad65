import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  CHECK_FIELDS,
  CHECK_VALUES,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  OBSERVATIONS,
  ORIGINS,
  QUANTITY,
  SEARCH_MAX,
  SERIAL_MAX_LENGTH,
  TEXT_MAX,
  URL_MAX,
  VOLTAGE_VALUES,
} from './constants';
import {
  CHECKED_BY_MAX,
  DESCRIPTION_MAX,
  EAN_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  SERIAL_PREFIX_MAX,
  IDEMPOTENCY_KEY_MAX,
} from './limits';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Text = (maxLength = TEXT_MAX) => Type.String({ maxLength });
/** One of the given strings; typed as their union, sent as JSON Schema `anyOf` of constants. */
const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
/** Timestamps travel as ISO 8601 in UTC; the UI shows them in Europe/Berlin. */
const Timestamp = Type.String();

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const ApiError = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
});
export type ApiError = Static<typeof ApiError>;

export const LoginBody = Type.Object({
  username: Type.String({ maxLength: EMAIL_MAX }),
  password: Type.String({ maxLength: PASSWORD_MAX }),
});
export type LoginBody = Static<typeof LoginBody>;
export const LoginResponse = Type.Object({ token: Type.String() });
export type LoginResponse = Static<typeof LoginResponse>;

export const Brand = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
  email: Type.String(),
  website_link: Type.String(),
});
export type Brand = Static<typeof Brand>;
export const BrandBody = Type.Object({
  name: Text(),
  logo: Type.Optional(Text()),
  email: Type.Optional(Text(EMAIL_MAX)),
  website_link: Type.Optional(Text(URL_MAX)),
});
export type BrandBody = Static<typeof BrandBody>;
export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item) });
export const BrandList = DataOf(Brand);
export type BrandList = Static<typeof BrandList>;

export const MachineByBrand = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  electronic_circuit_board: Type.Integer(),
  serial_prefix: Type.String(),
});
export type MachineByBrand = Static<typeof MachineByBrand>;
export const MachineByBrandList = DataOf(MachineByBrand);
export type MachineByBrandList = Static<typeof MachineByBrandList>;

export const BrandIdParams = Type.Object({ brandId: Id });

const CircuitBoard = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const MachineBody = Type.Object({
  brand_id: Id,
  name: Text(),
  serial_prefix: Text(SERIAL_PREFIX_MAX),
  ean_number: Type.Optional(Text(EAN_MAX)),
  link_en: Type.Optional(Text(URL_MAX)),
  link_ger: Type.Optional(Text(URL_MAX)),
  image: Type.Optional(Text()),
  electronic_circuit_board: CircuitBoard,
  voltage_resistance: Type.Optional(Text()),
  observation: Type.Optional(Text()),
  description: Type.Optional(Text(DESCRIPTION_MAX)),
});
export type MachineBody = Static<typeof MachineBody>;

export const Machine = Type.Object({
  id: Type.Integer(),
  brand_id: Type.Integer(),
  name: Type.String(),
  serial_prefix: Type.String(),
  ean_number: Type.String(),
  link_en: Type.String(),
  link_ger: Type.String(),
  image: Type.String(),
  electronic_circuit_board: Type.Integer(),
  voltage_resistance: Type.String(),
  observation: Type.String(),
  description: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Machine = Static<typeof Machine>;

const Order = Literals(['asc', 'desc'] as const);
const ListQuery = <S extends readonly string[]>(sorts: S) =>
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
    search: Type.Optional(Type.String({ maxLength: SEARCH_MAX })),
    sort: Type.Optional(Literals(sorts)),
    order: Type.Optional(Order),
  });

export const MACHINE_SORTS = ['pos', 'name', 'brand_name', 'created_at'] as const;
export const MachineListQuery = ListQuery(MACHINE_SORTS);
export type MachineListQuery = Static<typeof MachineListQuery>;
export const MachineListItem = Type.Object({
  id: Type.Integer(),
  pos: Type.Integer(),
  name: Type.String(),
  brand_name: Type.String(),
  ean_number: Type.String(),
  created_at: Timestamp,
});
export type MachineListItem = Static<typeof MachineListItem>;
export const MachineList = Type.Object({ data: Type.Array(MachineListItem), total: Type.Integer() });
export type MachineList = Static<typeof MachineList>;

const checkProperties = Object.fromEntries(CHECK_FIELDS.map((field) => [field, Literals(CHECK_VALUES)])) as {
  [K in (typeof CHECK_FIELDS)[number]]: ReturnType<typeof Literals<typeof CHECK_VALUES>>;
};

/**
 * What the form sends. The earlier app's payload also carries snapshot fields (machine type, prefix, images,
 * brand contact); the server reads those from the database and drops them if sent.
 */
/**
 * The key a client sends with each issue request and keeps on its retries: the same key again answers with
 * the certificate it issued instead of issuing another. Printable ASCII, as HTTP headers carry it.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: '^[\\x21-\\x7e]+$' }),
  ),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeaders>;

export const CertificateCreateBody = Type.Object({
  brand_id: Id,
  machine_id: Id,
  checked_by: Text(CHECKED_BY_MAX),
  crowd: Type.Integer({ minimum: QUANTITY.min, maximum: QUANTITY.max }),
  ...checkProperties,
  resistance_to_voltage: Literals(VOLTAGE_VALUES),
  observation: Literals(OBSERVATIONS),
  origin_germany: Literals(ORIGINS),
});
export type CertificateCreateBody = Static<typeof CertificateCreateBody>;

/** The stored, immutable certificate: everything it prints, as it was when issued. */
export const PrintData = Type.Object({
  id: Type.Integer(),
  brand_id: Type.Integer(),
  machine_id: Type.Integer(),
  checked_by: Type.String(),
  crowd: Type.Integer(),
  ...Object.fromEntries(CHECK_FIELDS.map((field) => [field, Type.String()])),
  resistance_to_voltage: Type.String(),
  observation: Type.String(),
  origin_germany: Type.String(),
  electronic_circuit_board: Type.Integer(),
  machine_type: Type.String(),
  machine_image: Type.String(),
  serial_prefix: Type.String(),
  brand_name: Type.String(),
  brand_image: Type.String(),
  brand_email: Type.String(),
  brand_website: Type.String(),
  ean_number: Type.String(),
  serialNoPart1: Type.String(),
  recordsCount: Type.Integer(),
  serial_no: Type.String(),
  endSerialNo: Type.String(),
  created_at: Timestamp,
});
export type PrintData = Static<typeof PrintData> & Record<(typeof CHECK_FIELDS)[number], string>;
export const CertificateCreateResponse = Type.Array(PrintData);

export const CERTIFICATE_SORTS = [
  'pos',
  'machine_type',
  'serial_no',
  'endSerialNo',
  'checked_by',
  'crowd',
  'created_at',
] as const;
export const CertificateListQuery = ListQuery(CERTIFICATE_SORTS);
export type CertificateListQuery = Static<typeof CertificateListQuery>;
export const CertificateListItem = Type.Object({
  id: Type.Integer(),
  pos: Type.Integer(),
  machine_id: Type.Integer(),
  machine_type: Type.String(),
  serial_no: Type.String(),
  endSerialNo: Type.String(),
  checked_by: Type.String(),
  crowd: Type.Integer(),
  created_at: Timestamp,
});
export type CertificateListItem = Static<typeof CertificateListItem>;
export const CertificateList = Type.Object({ data: Type.Array(CertificateListItem), total: Type.Integer() });
export type CertificateList = Static<typeof CertificateList>;

export const UploadResponse = Type.Object({ path: Type.String() });
export type UploadResponse = Static<typeof UploadResponse>;

export const LandingQuery = Type.Object({
  serial: Type.Optional(Type.String({ maxLength: SERIAL_MAX_LENGTH })),
});
export type LandingQuery = Static<typeof LandingQuery>;
/** Only public fields: a customer may see what the machine is, never who tested it. */
export const Landing = Type.Object({
  name: Type.String(),
  image: Type.String(),
  link_en: Type.String(),
  link_ger: Type.String(),
  brand_name: Type.String(),
  serial: Type.Optional(
    Type.Object({
      value: Type.String(),
      verified: Type.Boolean(),
      /** The certificate's issue date when verified. */
      tested_at: Type.Union([Timestamp, Type.Null()]),
    }),
  ),
});
export type Landing = Static<typeof Landing>;

export const Health = Type.Object({ status: Type.String() });
export type Health = Static<typeof Health>;

/** What the audit trail records (docs/architecture.md#audit-trail). */
export const AUDIT_ACTIONS = [
  'certificate.issued',
  'certificate.printed',
  'certificate.reprinted',
  'labels.printed',
  'brand.created',
  'brand.changed',
  'machine.created',
  'machine.changed',
  'image.uploaded',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.locked_out',
  'auth.signed_out',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  /** The signed-in account, or null when nobody was (a failed sign-in). */
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  account_email: Type.Union([Type.String(), Type.Null()]),
  action: Literals(AUDIT_ACTIONS),
  subject_type: Type.String(),
  subject_id: Type.String(),
  /** For changes the fields `before` and `after`; otherwise what identifies the event. */
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEvent = Static<typeof AuditEvent>;

const IsoTime = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
});
export const AuditQuery = Type.Object({
  account_id: Type.Optional(Id),
  action: Type.Optional(Literals(AUDIT_ACTIONS)),
  subject_type: Type.Optional(Type.String({ maxLength: 50 })),
  subject_id: Type.Optional(Type.String({ maxLength: 254 })),
  /** A day (2026-11-23) or a time in ISO 8601; `to` is exclusive. */
  from: Type.Optional(IsoTime),
  to: Type.Optional(IsoTime),
  /** Keyset paging: the events older than this id (the `next` of the previous page). */
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({
  data: Type.Array(AuditEvent),
  /** The `before` of the next page, null on the last one. */
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPage>;

/** What a staff screen printed: the pages right after issuing, a reprint, or the certificate's labels. */
export const PRINT_KINDS = ['print', 'reprint', 'labels'] as const;
export const PrintedBody = Type.Object({ kind: Literals(PRINT_KINDS) });
export type PrintedBody = Static<typeof PrintedBody>;
