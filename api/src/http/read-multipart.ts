import type { FastifyError, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../errors';
import { messages } from '../messages';

export interface MultipartRules {
  /** Largest file in bytes; beyond it the upload is a 413 with `tooLarge`, named at `file`. */
  maxBytes: number;
  tooLarge: string;
  /** What a request without a file in the field `file` is told, named at `file`. */
  missing: string;
  /**
   * The text fields read. Any other is refused, naming it. Without the list, text fields are ignored: the image
   * upload takes a file alone, and a browser form may send a title beside it.
   */
  fields?: readonly string[];
}

/**
 * The one file of the multipart field `file` and the text fields beside it, for every upload route
 * (api/src/modules/documents/documents.routes.ts, api/src/modules/uploads/uploads.routes.ts,
 * api/src/modules/instruments/instruments.routes.ts). Every part is read, so a second file is refused rather
 * than silently dropped, and the file stops at `maxBytes` (toBuffer throws at the limit). A body the parser
 * cannot read (no boundary, cut off, malformed headers) is the client's error, never a 500.
 */
export async function readMultipart(
  request: FastifyRequest,
  { maxBytes, tooLarge, missing, fields: allowed }: MultipartRules,
): Promise<{ fields: Record<string, string>; bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.multipartInvalid);
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  let name = '';
  try {
    // Two files, so that a second one is seen and refused; a few fields more than named, so that an unknown
    // one is answered by name rather than by the parser's limit.
    const limits = { fileSize: maxBytes, files: 2, ...(allowed ? { fields: allowed.length + 2 } : {}) };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        // The rest of this part is never read; the socket's remaining bytes are dropped with the request.
        if (bytes)
          throw new HttpError(400, 'ONE_FILE_ONLY', messages.uploadOneFile, { file: messages.uploadOneFile });
        if (part.fieldname !== 'file') throw badRequest(missing, { file: missing });
        name = part.filename;
        bytes = await part.toBuffer();
      } else if (!allowed) {
        continue;
      } else if (allowed.includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw badRequest(messages.checkFields, { [part.fieldname]: messages.unknownField(part.fieldname) });
      }
    }
  } catch (error) {
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', tooLarge, { file: tooLarge });
    // Our own errors and the plugin's limit errors carry a status; the parser's own errors do not.
    if (error instanceof HttpError || (error as FastifyError).statusCode) throw error;
    throw new HttpError(400, 'MULTIPART_INVALID', messages.multipartInvalid);
  }
  if (!bytes) throw badRequest(missing, { file: missing });
  return { fields, bytes, name };
}
