/** Where a certificate stands right after issuing, as the API sends it: for the fixtures of tests. */
export const ISSUED = {
  status: 'issued',
  revision: 1,
  version: 1,
  voided_units: 0,
  verdict: 'released',
  failed_units: 0,
} as const;

/** The same on a certificate's print data, which also names revisions and voided units. */
export const ISSUED_PRINT = {
  ...ISSUED,
  revised_at: null,
  replaces_issued_at: null,
  replaced_at: null,
  voided_at: null,
  void_reason: null,
  voided_serials: [] as string[],
};
