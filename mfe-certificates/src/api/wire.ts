import {
  CERTIFICATE_DEFAULTS,
  domainName,
  fromWire,
  toWire,
  wireName,
  type Certificate,
  type CertificateDraft,
  type CertificateListItem,
  type CertificateListQuery,
  type CertificateSort,
  type CertificateSummary,
  type FromWire,
  type PrintData,
  type RevisionBody,
  type UnitView,
} from 'contracts';
import { apiFieldErrors } from 'shared-ui';

/**
 * This remote's one edge between the API's wire names (the earlier app's `crowd`, `recordsCount`, …, see
 * docs/earlier-app.md) and the
 * domain names its pages, forms and state use (docs/decisions/0005-wire-names.md). Every answer is renamed here
 * on its way in, every body and sort key on its way out; nothing else in the remote calls the mapping.
 */

/** A correction as the code names it (`origin`). */
export type RevisionRequest = FromWire<RevisionBody>;

/** A page of certificates, sorted by a domain field name. */
export type CertificateQuery = Omit<CertificateListQuery, 'sort'> & { sort?: CertificateSort };

/** The check values, remarks and origin a new certificate starts with. */
export const certificateDefaults = fromWire(CERTIFICATE_DEFAULTS);

export const certificateFromWire = (data: PrintData): Certificate => fromWire(data);
export const summaryFromWire = (item: CertificateListItem): CertificateSummary => fromWire(item);
/** A unit with its certificate as the code names it. */
export const unitViewFromWire = ({ certificate, ...rest }: UnitView) => ({
  ...rest,
  certificate: fromWire(certificate),
});
export const draftToWire = (draft: CertificateDraft) => toWire(draft);
export const revisionToWire = (revision: RevisionRequest) => toWire(revision);

/** A sort order as the URL and the API name it (`crowd`). */
export const sortToWire = (sort: CertificateSort) => wireName(sort);
/** A sort order of the URL or the API as the code names it (`quantity`). */
export const sortFromWire = (sort: NonNullable<CertificateListQuery['sort']>): CertificateSort =>
  domainName(sort);

/** The list's query as the API's parameters. */
export const listParamsToWire = ({ sort, ...query }: CertificateQuery): CertificateListQuery => ({
  ...query,
  ...(sort && { sort: sortToWire(sort) }),
});

/** The API's field errors of a refused body, keyed by the domain names the forms use. */
export const fieldErrorsFromWire = (error: unknown): Record<string, string> =>
  fromWire(apiFieldErrors(error));
