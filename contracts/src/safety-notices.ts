import { Type, type Static } from '@sinclair/typebox';
import { EXPORT_FORMATS, MAX_PAGE_SIZE, SERIAL_MAX_LENGTH } from './constants';
import { NOTICE_SEVERITY_NAMES } from './notice-severity-names';
import { multiline } from './text-lines';
import { UNIT_RELEASES } from './test-record';

/**
 * Safety notices and recalls (docs/decisions/0045-safety-notices.md): the quality department publishes one for a
 * machine and a serial range and/or an issue period; the customer page and the GS1 resolver show it on the units
 * it covers, and on no other.
 */

/** From the mildest to the gravest: the customer page shows the gravest first. */
export const NOTICE_SEVERITIES = ['information', 'safety_notice', 'recall'] as const;
export type NoticeSeverity = (typeof NOTICE_SEVERITIES)[number];
export const NOTICE_SEVERITY_LABELS: Record<NoticeSeverity, string> = NOTICE_SEVERITY_NAMES.de;

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_TEXT_MAX = 4000;
export const NOTICE_CLOSE_REASON_MAX = 500;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Serial = Type.String({ minLength: 1, maxLength: SERIAL_MAX_LENGTH });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** What the quality department publishes; the API checks the range, the period and the machine. */
export const NoticeBody = Type.Object({
  machine_id: Id,
  severity: Literals(NOTICE_SEVERITIES),
  title_de: Type.String({ maxLength: NOTICE_TITLE_MAX }),
  title_en: Type.String({ maxLength: NOTICE_TITLE_MAX }),
  text_de: Type.String({ maxLength: NOTICE_TEXT_MAX, ...multiline }),
  text_en: Type.String({ maxLength: NOTICE_TEXT_MAX, ...multiline }),
  /** The first and last serial covered, both or neither, spelt as issued and of equal length. */
  serial_from: Type.Optional(Serial),
  serial_to: Type.Optional(Serial),
  /** The units whose certificate was issued on these days (Europe/Berlin), both included; either may be open. */
  issued_from: Type.Optional(Day),
  issued_to: Type.Optional(Day),
});
export type NoticeBody = Static<typeof NoticeBody>;

export const Notice = Type.Object({
  id: Type.Integer(),
  machine_id: Type.Integer(),
  machine_name: Type.String(),
  severity: Literals(NOTICE_SEVERITIES),
  title_de: Type.String(),
  title_en: Type.String(),
  text_de: Type.String(),
  text_en: Type.String(),
  serial_from: Nullable(Type.String()),
  serial_to: Nullable(Type.String()),
  issued_from: Nullable(Type.String()),
  issued_to: Nullable(Type.String()),
  published_at: Type.String(),
  published_by_name: Type.String(),
  closed_at: Nullable(Type.String()),
  closed_by_name: Nullable(Type.String()),
  close_reason: Nullable(Type.String()),
  /** How many issued units it covers. */
  affected: Type.Integer(),
});
export type Notice = Static<typeof Notice>;
export const NoticeList = Type.Object({
  data: Type.Array(Notice),
  /** Whether mail is configured (SMTP_URL): without it no owner is mailed, and the screen says so. */
  mailing: Type.Boolean(),
});
export type NoticeList = Static<typeof NoticeList>;

/** Closing keeps the notice and its affected list; the customer page no longer shows it. */
export const NoticeCloseBody = Type.Object({
  reason: Type.String({ maxLength: NOTICE_CLOSE_REASON_MAX, ...multiline }),
});
export type NoticeCloseBody = Static<typeof NoticeCloseBody>;

export const AffectedQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
});
export type AffectedQuery = Static<typeof AffectedQuery>;

/** An issued unit a notice covers, as the instrument impact list shows a certificate. */
export const AffectedUnit = Type.Object({
  serial: Type.String(),
  certificate_id: Type.Integer(),
  tested_at: Type.String(),
  release: Literals(UNIT_RELEASES),
  voided: Type.Boolean(),
  /** Whether an owner registered the unit, and was mailed this notice: never who (api/src/modules/notices). */
  registered: Type.Boolean(),
  mailed: Type.Boolean(),
});
export type AffectedUnit = Static<typeof AffectedUnit>;
export const AffectedList = Type.Object({
  data: Type.Array(AffectedUnit),
  total: Type.Integer(),
  /** Of all `total` units: how many are registered, and how many owners this notice was mailed to. */
  registered: Type.Integer(),
  mailed: Type.Integer(),
});
export type AffectedList = Static<typeof AffectedList>;

export const AffectedExportQuery = Type.Object({ format: Literals(EXPORT_FORMATS) });
export type AffectedExportQuery = Static<typeof AffectedExportQuery>;

/** What a customer sees of a notice: no ids, no names, the day it was published. */
export const PublicNotice = Type.Object({
  severity: Literals(NOTICE_SEVERITIES),
  title: Type.Object({ en: Type.String(), de: Type.String() }),
  text: Type.Object({ en: Type.String(), de: Type.String() }),
  published_on: Day,
});
export type PublicNotice = Static<typeof PublicNotice>;

/** The GS1 resolver's `gs1:recallStatus` answer for one unit. */
export const RecallStatus = Type.Object({
  serial: Type.String(),
  /** Whether an open notice of severity `recall` covers the unit. */
  recalled: Type.Boolean(),
  notices: Type.Array(PublicNotice),
});
export type RecallStatus = Static<typeof RecallStatus>;
