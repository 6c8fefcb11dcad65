import { Type, type Static } from '@sinclair/typebox';
import { QUANTITY } from './constants';
import { PLAN_STEPS_MAX, RESULT_VALUE_MAX, STEP_VERDICTS } from './test-record';

/** Values from a tester's file (docs/tester-files.md): the upload, the mapping of its columns, the preview. */

export const TESTER_FILE_FORMATS = ['csv', 'xlsx', 'padfx'] as const;
export const TESTER_MODEL_MAX = 60;
/** A column name as a file states it (api/src/modules/imports/tester-file.ts keeps cells to 500 characters). */
const Column = Type.String({ minLength: 1, maxLength: 500 });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

/** Which column names the unit's serial (null: the file's rows are the units in order) and which fills each step. */
export const ImportMapping = Type.Object({
  serial_column: Type.Union([Column, Type.Null()]),
  steps: Type.Record(Type.String({ maxLength: 40 }), Column, { maxProperties: PLAN_STEPS_MAX }),
});
export type ImportMapping = Static<typeof ImportMapping>;

export const ImportMappingBody = Type.Object({
  machine_id: Id,
  tester_model: Type.String({ maxLength: TESTER_MODEL_MAX }),
  ...ImportMapping.properties,
});
export type ImportMappingBody = Static<typeof ImportMappingBody>;

/** The query of the saved mappings of one machine. */
export const ImportMappingsQuery = Type.Object({ machine_id: Id });
export type ImportMappingsQuery = Static<typeof ImportMappingsQuery>;

/** A saved mapping, as the quality role sees and edits it (mfe-machines' test-plan screen). */
export const SavedImportMapping = Type.Object({
  id: Type.Integer(),
  machine_id: Type.Integer(),
  tester_model: Type.String(),
  ...ImportMapping.properties,
  updated_at: Type.String(),
  updated_by_name: Type.String(),
});
export type SavedImportMapping = Static<typeof SavedImportMapping>;

export const ImportMappingList = Type.Object({ data: Type.Array(SavedImportMapping) });
export type ImportMappingList = Static<typeof ImportMappingList>;

/** A stored tester's file: what it is, what its table holds, and the mapping saved (or suggested) for it. */
export const TesterFile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sha256: Type.String(),
  size: Type.Integer(),
  format: Literals(TESTER_FILE_FORMATS),
  machine_id: Type.Integer(),
  tester_model: Type.String(),
  tester_serial: Type.String(),
  columns: Type.Array(Type.Object({ name: Type.String(), unit: Type.String() })),
  rows: Type.Integer(),
  /** The first rows, for the inspector to recognise the file while mapping it. */
  sample: Type.Array(Type.Array(Type.String())),
  mapping: ImportMapping,
  /** Whether `mapping` is saved for this machine and tester model (else it is a suggestion). */
  mapping_saved: Type.Boolean(),
});
export type TesterFile = Static<typeof TesterFile>;

const Values = Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: RESULT_VALUE_MAX }), {
  maxProperties: PLAN_STEPS_MAX,
});

/**
 * What the file is previewed for: the units of a certificate being issued (`quantity`, filled in row order) or the
 * retest of the unit `serial`; `entered` holds the values already entered, per unit in order (one for a retest).
 */
export const ImportPreviewBody = Type.Object({
  quantity: Type.Optional(Type.Integer({ minimum: QUANTITY.min, maximum: QUANTITY.max })),
  serial: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  entered: Type.Optional(Type.Array(Values, { maxItems: QUANTITY.max })),
});
export type ImportPreviewBody = Static<typeof ImportPreviewBody>;

export const ImportPreviewUnit = Type.Object({
  /** The unit's number in the certificate (1-based). */
  unit: Type.Integer(),
  serial: Type.Union([Type.String(), Type.Null()]),
  /** The file's row (1-based, the header not counted). */
  row: Type.Integer(),
  values: Type.Record(Type.String(), Type.String()),
  verdicts: Type.Record(Type.String(), Literals(STEP_VERDICTS)),
  /** A value that would be refused (not a number, too many decimals): step key → German reason. */
  errors: Type.Record(Type.String(), Type.String()),
  /** Every step the file fills passes (a step the file does not fill is not judged here). */
  passed: Type.Boolean(),
  conflicts: Type.Array(Type.Object({ step: Type.String(), entered: Type.String(), file: Type.String() })),
});
export type ImportPreviewUnit = Static<typeof ImportPreviewUnit>;

export const ImportPreview = Type.Object({
  file: Type.Object({ id: Type.Integer(), name: Type.String(), sha256: Type.String() }),
  units: Type.Array(ImportPreviewUnit),
  /** Rows of the file that fill no unit: their serial, or "Zeile n" in row order. */
  not_in_certificate: Type.Array(Type.String()),
  /** Units (1-based) the file has no row for. */
  missing_units: Type.Array(Type.Integer()),
});
export type ImportPreview = Static<typeof ImportPreview>;

/** The vendors whose files carry measurement ids (api/src/modules/imports/tester-file.ts). */
export const MEASUREMENT_ID_VENDORS = ['metrel'] as const;
export const MeasurementIdParams = Type.Object({ vendor: Literals(MEASUREMENT_ID_VENDORS) });

/** A vendor's measurement ids (`MID/RID`) and the plan step each fills by default, kept as data. */
export const MeasurementIds = Type.Object({
  data: Type.Array(
    Type.Object({
      column_key: Type.String({ pattern: '^\\d{1,6}/\\d{1,6}$', maxLength: 13 }),
      step_key: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', maxLength: 40 }),
    }),
    { maxItems: 200 },
  ),
});
export type MeasurementIds = Static<typeof MeasurementIds>;
