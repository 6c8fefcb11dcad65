import { CAPABILITY_MIN_VALUES, type Capability, type PlanStep } from 'contracts';

/**
 * The process capability of a numeric step's values x₁ … xₙ against its limits LSL (lower) and USL (upper):
 *
 *   mean  x̄  = (x₁ + … + xₙ) / n
 *   s        = √( Σ (xᵢ − x̄)² / (n − 1) )      the sample standard deviation
 *   Cp       = (USL − LSL) / (6 s)              only with both limits: the spread the limits allow / the spread seen
 *   Cpk      = min(USL − x̄, x̄ − LSL) / (3 s)    of the limits there are: how far the mean sits from the nearer one
 *
 * Cp says whether the process could fit between the limits, Cpk whether it does where it is centred. s needs two
 * values and must not be 0 (all values equal: no spread to compare with), otherwise both are null. Below
 * CAPABILITY_MIN_VALUES values the figures are given with a warning: they say little about the process yet.
 */
export function capabilityOf(values: readonly number[], { lower, upper }: Pick<PlanStep, 'lower' | 'upper'>) {
  const count = values.length;
  const mean = count ? values.reduce((sum, x) => sum + x, 0) / count : null;
  const sd =
    mean !== null && count > 1
      ? Math.sqrt(values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (count - 1))
      : null;
  // Without a spread (fewer than two values, or all equal) there is nothing to divide by.
  const spread = mean !== null && sd ? sd : null;
  const distances = [...(upper === null ? [] : [upper - mean!]), ...(lower === null ? [] : [mean! - lower])];
  const capability: Capability = {
    count,
    mean,
    sd,
    cp: spread && lower !== null && upper !== null ? (upper - lower) / (6 * spread) : null,
    cpk: spread && distances.length ? Math.min(...distances) / (3 * spread) : null,
    few_values: count < CAPABILITY_MIN_VALUES,
  };
  return capability;
}
