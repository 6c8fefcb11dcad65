import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from 'contracts';
import { machineMessages } from './messages';

/**
 * The API's limits, checked before five megabytes travel for nothing. The browser's type comes from the
 * file name, so the server still checks the bytes (an SVG renamed to .png passes here and is refused there).
 */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return machineMessages.upload.wrongType;
  if (file.size > UPLOAD_MAX_BYTES) return machineMessages.upload.tooLarge;
  return null;
}
