import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import { checkImage } from './image-check';
import type { uploadsRepository } from './uploads.repository';

export function uploadsService(uploads: ReturnType<typeof uploadsRepository>, audit: AuditService) {
  return {
    /** Stores an image after checking its real type from its bytes; answers its path `uploads/<sha256>.<ext>`. */
    async store(bytes: Buffer, accountId: number): Promise<string> {
      const type = await checkImage(bytes);
      if (type === 'unsupported') throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', messages.uploadType);
      if (type === 'broken') throw new HttpError(415, 'BROKEN_IMAGE', messages.uploadBroken);
      if (type === 'tooManyPixels') throw new HttpError(413, 'TOO_MANY_PIXELS', messages.uploadTooManyPixels);
      const path = await uploads.store(bytes, type);
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
