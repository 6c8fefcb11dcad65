/**
 * The physical range a measured value (and a plan's limit) may have, by the unit its step names
 * (docs/decisions/0034-exact-limits-and-measuring-ranges.md). Each range is wider than any instrument of a
 * machine's final test measures, so a real reading always fits and a slip of the finger (a value a thousand times
 * too large, a negative resistance) is refused naming the step and the range.
 */

export interface MeasurementRange {
  min: number;
  max: number;
}

const from = (min: number, max: number): MeasurementRange => ({ min, max });
const upTo = (max: number) => from(0, max);
const plusMinus = (max: number) => from(-max, max);

/**
 * By unit symbol as the plan writes it (compared in Unicode NFKC, so µ and μ, Ω and Ω, ℃ and °C are one unit).
 * A unit not listed has the range of the 15 digits a value may have (contracts NUMBER_PATTERN).
 */
const RANGES: readonly (readonly [string, MeasurementRange])[] = [
  // Resistance, up to 1 PΩ (10^15 Ω): beyond any insulation tester (IEC 61557-2 ones read up to some TΩ).
  ['μΩ', upTo(1e21)],
  ['mΩ', upTo(1e18)],
  ['Ω', upTo(1e15)],
  ['kΩ', upTo(1e12)],
  ['MΩ', upTo(1e9)],
  ['GΩ', upTo(1e6)],
  ['TΩ', upTo(1e3)],
  // Voltage, up to ±1 MV: beyond any test voltage (IEC 60204-1 18.4 tests at 1000 V or twice the rated voltage).
  ['μV', plusMinus(1e12)],
  ['mV', plusMinus(1e9)],
  ['V', plusMinus(1e6)],
  ['kV', plusMinus(1e3)],
  // Current, up to ±100 kA: beyond any protective bonding test (IEC 60204-1 18.2 at 10 A) or short circuit.
  ['μA', plusMinus(1e11)],
  ['mA', plusMinus(1e8)],
  ['A', plusMinus(1e5)],
  ['kA', plusMinus(100)],
  // Power, up to ±100 MW (negative: fed back).
  ['W', plusMinus(1e8)],
  ['kW', plusMinus(1e5)],
  ['MW', plusMinus(100)],
  ['VA', upTo(1e8)],
  ['kVA', upTo(1e5)],
  // Frequency, up to 1 GHz.
  ['Hz', upTo(1e9)],
  ['kHz', upTo(1e6)],
  ['MHz', upTo(1e3)],
  // Length and run-out, up to ±1 km.
  ['μm', plusMinus(1e9)],
  ['mm', plusMinus(1e6)],
  ['cm', plusMinus(1e5)],
  ['m', plusMinus(1e3)],
  // Time, up to a year.
  ['ms', upTo(3.2e10)],
  ['s', upTo(3.2e7)],
  ['min', upTo(530_000)],
  ['h', upTo(8_800)],
  // Temperature: from absolute zero to 10 000 °C.
  ['°C', from(-273.15, 10_000)],
  ['K', upTo(10_300)],
  // Force and torque, up to ±100 MN and ±10 MN·m.
  ['N', plusMinus(1e8)],
  ['kN', plusMinus(1e5)],
  ['Nm', plusMinus(1e7)],
  ['N·m', plusMinus(1e7)],
  // Speed, up to a million revolutions per minute (spindles turn at some ten thousand).
  ['min⁻¹', upTo(1e6)],
  ['1/min', upTo(1e6)],
  ['U/min', upTo(1e6)],
  ['rpm', upTo(1e6)],
  // Pressure, up to 10 000 bar; mass, up to 1000 t.
  ['bar', from(-1, 10_000)],
  ['kPa', from(-100, 1e6)],
  ['MPa', from(-0.1, 1e3)],
  ['g', upTo(1e9)],
  ['kg', upTo(1e6)],
  // Sound level and vibration.
  ['dB', from(-200, 300)],
  ['dB(A)', from(-200, 300)],
  ['mm/s', upTo(1e5)],
  ['m/s²', upTo(1e6)],
  // A share of something (an overload may be several times the rated value).
  ['%', plusMinus(10_000)],
];

const BY_UNIT = new Map(RANGES.map(([unit, range]) => [unit.normalize('NFKC'), range]));

/** A unit not listed: what 15 digits before the decimal separator can say. */
export const ANY_UNIT_RANGE: MeasurementRange = plusMinus(1e15);

/** The range of a step's values and limits, by its unit. */
export const measurementRange = (unit: string): MeasurementRange =>
  BY_UNIT.get(unit.trim().normalize('NFKC')) ?? ANY_UNIT_RANGE;
