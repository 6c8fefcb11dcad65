import { Type, type Static } from '@sinclair/typebox';
import { CertificateDocumentEntry } from './certificate-document-history';
import { PrintData, Unit } from './schemas';

/** The instrument that took one value of a unit, as it stood then: its calibration was due on `due`. */
export const UnitValueInstrument = Type.Object({
  attempt: Type.Integer(),
  step_key: Type.String(),
  instrument_id: Type.Integer(),
  inventory_number: Type.String(),
  name: Type.String(),
  /** The calibration's due day when the value was taken (YYYY-MM-DD). */
  due: Type.String(),
});
export type UnitValueInstrument = Static<typeof UnitValueInstrument>;

/**
 * One unit, reached from its serial, with the trail an auditor follows (api/src/modules/certificates/units.routes.ts):
 * the unit and its certificate, the instrument of each measured value, and every sealed document of the
 * certificate that covers the unit (the whole certificate's and the unit's own customer copies), oldest first.
 */
export const UnitView = Type.Object({
  unit: Unit,
  certificate: PrintData,
  instruments: Type.Array(UnitValueInstrument),
  documents: Type.Array(CertificateDocumentEntry),
});
export type UnitView = Static<typeof UnitView>;
