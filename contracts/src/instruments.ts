import { Type, type Static } from '@sinclair/typebox';
import { multiline } from './text-lines';

/**
 * Test instruments (Prüfmittel) and their calibration (docs/decisions/0018-instruments.md): a measured value is
 * evidence only when the instrument that took it was fit (ISO 9001 7.1.5.2).
 */

/** What an instrument measures; a numeric plan step names the kind it needs. */
export const INSTRUMENT_KINDS = [
  'insulation_tester',
  'earth_bond_tester',
  'high_voltage_tester',
  'multimeter',
  'square',
  'dial_gauge',
  'other',
] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

export const INSTRUMENT_KIND_LABELS: Record<InstrumentKind, string> = {
  insulation_tester: 'Isolationsmessgerät',
  earth_bond_tester: 'Schutzleiterprüfgerät',
  high_voltage_tester: 'Hochspannungsprüfgerät',
  multimeter: 'Multimeter',
  square: 'Prüfwinkel',
  dial_gauge: 'Messuhr',
  other: 'Sonstiges',
};

export const INSTRUMENT_STATUSES = ['in_use', 'blocked', 'retired'] as const;
export type InstrumentStatus = (typeof INSTRUMENT_STATUSES)[number];
export const INSTRUMENT_STATUS_LABELS: Record<InstrumentStatus, string> = {
  in_use: 'In Gebrauch',
  blocked: 'Gesperrt',
  retired: 'Ausgesondert',
};

/** Days before the due date from which an instrument is shown as due soon. */
export const DUE_SOON_DAYS = 30;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Text = (maxLength: number) => Type.String({ maxLength });
const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const InstrumentBody = Type.Object({
  inventory_number: Text(40),
  name: Text(120),
  maker: Text(120),
  model: Text(120),
  serial_number: Text(80),
  kind: Literals(INSTRUMENT_KINDS),
  /** Months between calibrations. */
  interval_months: Type.Integer({ minimum: -1000, maximum: 1000 }),
  last_calibrated: Day,
  due: Day,
  status: Literals(INSTRUMENT_STATUSES),
});
export type InstrumentBody = Static<typeof InstrumentBody>;

export const Instrument = Type.Object({
  id: Type.Integer(),
  ...InstrumentBody.properties,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Instrument = Static<typeof Instrument>;
export const InstrumentList = Type.Object({ data: Type.Array(Instrument) });
export type InstrumentList = Static<typeof InstrumentList>;

export const CALIBRATION_RESULTS = ['in_tolerance', 'out_of_tolerance'] as const;
export type CalibrationResult = (typeof CALIBRATION_RESULTS)[number];

/** A calibration: in tolerance moves the due date; out of tolerance names since when the instrument is suspect. */
export const CalibrationBody = Type.Object({
  calibrated_on: Day,
  result: Literals(CALIBRATION_RESULTS),
  /** Out of tolerance: the day since when its values are suspect (at the latest the calibration day). */
  suspect_since: Type.Optional(Day),
  note: Type.Optional(Type.String({ maxLength: 500, ...multiline })),
});
export type CalibrationBody = Static<typeof CalibrationBody>;

/** What recording a calibration answers: the calibration (its certificate PDF is uploaded to it next). */
export const CalibrationRecorded = Type.Object({
  calibration_id: Type.Integer(),
  instrument: Instrument,
  affected_certificates: Type.Array(Type.Integer()),
});
export type CalibrationRecorded = Static<typeof CalibrationRecorded>;

/**
 * The largest calibration certificate PDF: a few scanned pages from the calibration laboratory. Each
 * calibration keeps its own, stored like the machines' documents.
 */
export const CALIBRATION_CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** A calibration of an instrument's history, newest first, with its certificate PDF once uploaded. */
export const Calibration = Type.Object({
  id: Type.Integer(),
  instrument_id: Type.Integer(),
  ...CalibrationBody.properties,
  suspect_since: Type.Union([Type.String(), Type.Null()]),
  note: Type.String(),
  recorded_by_name: Type.String(),
  recorded_at: Type.String(),
  /** The certificate PDF's size in bytes; null while none is uploaded. */
  certificate_bytes: Type.Union([Type.Integer(), Type.Null()]),
});
export type Calibration = Static<typeof Calibration>;
export const CalibrationList = Type.Object({ data: Type.Array(Calibration) });
export type CalibrationList = Static<typeof CalibrationList>;

export const IMPACT_CLOSINGS = ['no_effect', 'revised', 'voided'] as const;
export type ImpactClosing = (typeof IMPACT_CLOSINGS)[number];
export const IMPACT_CLOSING_LABELS: Record<ImpactClosing, string> = {
  no_effect: 'Ohne Auswirkung',
  revised: 'Korrigiert',
  voided: 'Storniert',
};

/**
 * A value the suspect instrument measured, with the limits of the plan version it was judged against and its margin:
 * the distance to the nearer limit in the step's unit, negative outside (null without a limit or a number).
 */
export const ImpactValue = Type.Object({
  serial: Type.String(),
  attempt: Type.Integer(),
  step_key: Type.String(),
  /** The step's title in German and English (the staff's other languages show English, as the entry form does). */
  title: Type.Object({ de: Type.String(), en: Type.String() }),
  value: Type.String(),
  unit: Type.String(),
  lower: Type.Union([Type.Number(), Type.Null()]),
  upper: Type.Union([Type.Number(), Type.Null()]),
  margin: Type.Union([Type.Number(), Type.Null()]),
});
export type ImpactValue = Static<typeof ImpactValue>;

/** A certificate measured with an instrument while it was suspect, until a quality person closes the entry. */
export const ImpactEntry = Type.Object({
  id: Type.Integer(),
  instrument_id: Type.Integer(),
  inventory_number: Type.String(),
  suspect_since: Type.String(),
  certificate_id: Type.Integer(),
  serials: Type.Array(Type.String()),
  /** What it measured for the certificate, unit by unit and attempt by attempt. */
  values: Type.Array(ImpactValue),
  tested_at: Type.String(),
  closed_as: Type.Union([Literals(IMPACT_CLOSINGS), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  closed_by_name: Type.Union([Type.String(), Type.Null()]),
  closed_at: Type.Union([Type.String(), Type.Null()]),
});
export type ImpactEntry = Static<typeof ImpactEntry>;
export const ImpactList = Type.Object({ data: Type.Array(ImpactEntry) });
export type ImpactList = Static<typeof ImpactList>;
export const ImpactQuery = Type.Object({
  open: Type.Optional(Type.Boolean()),
  instrument_id: Type.Optional(Id),
});
export type ImpactQuery = Static<typeof ImpactQuery>;

/**
 * Closing an entry: "ohne Auswirkung" with a note, or after the certificate was revised or voided through its
 * lifecycle (the API checks that it was, since the instrument became suspect).
 */
export const ImpactCloseBody = Type.Object({
  closed_as: Literals(IMPACT_CLOSINGS),
  note: Text(500),
});
export type ImpactCloseBody = Static<typeof ImpactCloseBody>;
