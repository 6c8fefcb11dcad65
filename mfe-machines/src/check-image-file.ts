import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from 'contracts';
import { machineCatalogs } from './catalogs';

/**
 * The API's limits, checked before five megabytes travel for nothing. The browser's type comes from the
 * file name, so the server still checks the bytes (an SVG renamed to .png passes here and is refused there). The
 * reasons are the API's own words (contracts fieldMessages), in the active language.
 */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type))
    return machineCatalogs.t('field.uploadType');
  if (file.size > UPLOAD_MAX_BYTES) return machineCatalogs.t('field.uploadTooLarge');
  return null;
}
