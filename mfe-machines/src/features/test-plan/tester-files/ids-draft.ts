/** A row of Metrel's id table as edited: the id `MID/RID` and the step key it fills. */
export interface IdRow {
  column_key: string;
  step_key: string;
}

/** Field errors of the edited id table, by `row.field`: each id `MID/RID` of digits, once, with a step. */
export function idErrors(rows: readonly IdRow[]): Record<string, 'pattern' | 'twice' | 'step'> {
  const errors: Record<string, 'pattern' | 'twice' | 'step'> = {};
  rows.forEach((row, k) => {
    const id = row.column_key.trim();
    if (!/^\d{1,6}\/\d{1,6}$/.test(id)) errors[`${k}.column_key`] = 'pattern';
    else if (rows.findIndex((other) => other.column_key.trim() === id) !== k)
      errors[`${k}.column_key`] = 'twice';
    if (!row.step_key) errors[`${k}.step_key`] = 'step';
  });
  return errors;
}
