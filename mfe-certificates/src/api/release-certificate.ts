import { apiPaths, type PrintData, type ReleaseBody } from 'contracts';
import { apiErrorCode, apiErrorMessage, http, httpStatus } from 'shared-ui';
import type { Translate } from '../catalogs';

/**
 * Releases units of certificate `id`: those awaiting release (a second person's release), or with a
 * `deviation_reason` the failed units named (Sonderfreigabe); answers with the certificate as it stands now.
 * The certificate page and the release queue both release through it.
 */
export async function releaseCertificate(id: number, request: ReleaseBody): Promise<PrintData> {
  return (await http.post<PrintData>(apiPaths.certificateRelease(id), request)).data;
}

/** Why a release was refused, in words that say what to do. */
export function releaseRefusal(error: unknown, t: Translate): string {
  if (apiErrorCode(error) === 'SAME_PERSON') return t('release.samePerson');
  if (httpStatus(error) === 409) return t('release.conflict');
  return apiErrorMessage(error) ?? t('release.failed');
}
