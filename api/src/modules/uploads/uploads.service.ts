import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import { BusyError, HEAVY_JOBS, workQueue } from '../../plugins/busy';
import { checkImage, type ImageType } from './image-check';
import type { uploadsRepository } from './uploads.repository';

/**
 * Decoding a 25-megapixel image takes a thread and a core for about a second; twelve at once starved the
 * rest of the API. A few run, a few wait, the rest are told to come back (plugins/busy.ts).
 */
export const IMAGE_CHECKS = { running: HEAVY_JOBS, waiting: 4 * HEAVY_JOBS, retryAfterSeconds: 10 };

/** What a refused image is told: staff in their language, customers in English and German. */
export type ImageRefusals = Record<'uploadType' | 'uploadBroken' | 'uploadTooManyPixels', string> & {
  /** The form's field the message is named at. */
  field?: string;
};

export function uploadsService(uploads: ReturnType<typeof uploadsRepository>, audit: AuditService) {
  const checks = workQueue({
    ...IMAGE_CHECKS,
    busy: () => new BusyError(messages.uploadBusy, IMAGE_CHECKS.retryAfterSeconds),
  });
  /**
   * The image's real type from its bytes (image-check.ts), through the queue of checks; a file that is not a
   * whole, decodable image of a taken type is refused with `words`' message (staff's by default).
   */
  async function checked(bytes: Buffer, words: ImageRefusals = messages): Promise<ImageType> {
    const type = await checks.run(() => checkImage(bytes));
    const named = (message: string) => (words.field ? { [words.field]: message } : undefined);
    if (type === 'unsupported')
      throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', words.uploadType, named(words.uploadType));
    if (type === 'broken')
      throw new HttpError(415, 'BROKEN_IMAGE', words.uploadBroken, named(words.uploadBroken));
    if (type === 'tooManyPixels')
      throw new HttpError(
        413,
        'TOO_MANY_PIXELS',
        words.uploadTooManyPixels,
        named(words.uploadTooManyPixels),
      );
    return type;
  }
  return {
    checked,

    /** Stores an image after checking its real type from its bytes; answers its path `uploads/<sha256>.<ext>`. */
    async store(bytes: Buffer, accountId: number): Promise<string> {
      const path = await uploads.store(bytes, await checked(bytes));
      await audit.record({
        accountId,
        action: 'image.uploaded',
        subject: { type: 'image', id: path },
        details: { bytes: bytes.length },
      });
      return path;
    },

    get: uploads.get,

    /** An image field must be empty or name an image that was uploaded; the German message when not. */
    async pathError(path: string): Promise<string | undefined> {
      if (!path) return undefined;
      return (await uploads.exists(path)) ? undefined : messages.uploadChoose;
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
