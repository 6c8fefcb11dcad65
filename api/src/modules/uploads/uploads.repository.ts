import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../text';
import type { ImageType } from './image-check';

export const UPLOAD_PATH = /^uploads\/([0-9a-f]{64})\.(png|jpg|gif)$/;

/** Images live in the database, named by their content's SHA-256: duplicates are free, paths cannot escape. */
export function uploadsRepository(db: Db) {
  return {
    async store(bytes: Buffer, type: ImageType): Promise<string> {
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      await db
        .insertInto('uploads')
        .values({ sha256, mime: type.mime, ext: type.ext, size: bytes.length, bytes, created_at: nowIso() })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      return `uploads/${sha256}.${type.ext}`;
    },

    get(sha256: string, ext: string) {
      return db
        .selectFrom('uploads')
        .select(['mime', 'bytes'])
        .where('sha256', '=', sha256)
        .where('ext', '=', ext)
        .executeTakeFirst();
    },

    async exists(path: string) {
      const match = UPLOAD_PATH.exec(path);
      if (!match) return false;
      const row = await db
        .selectFrom('uploads')
        .select('sha256')
        .where('sha256', '=', match[1])
        .where('ext', '=', match[2])
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
