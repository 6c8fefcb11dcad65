import type { ApiErrorCode } from 'contracts';
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

/** What readParts takes beyond MultipartRules' size and fields: how many files, and in which field. */
export interface PartRules extends Omit<MultipartRules, 'missing'> {
  /** The field the files come in; a file in any other is refused with `wrongField`. */
  fileField: string;
  wrongField: string;
  /** The most files taken; one more is refused with `tooMany`, named at `fileField`. */
  maxFiles: number;
  tooMany: { code: ApiErrorCode; message: string };
}

/**
 * The files of one multipart field (up to `maxFiles`, none is fine) and the text fields beside them, for every upload route
 * (api/src/modules/documents/documents.routes.ts, api/src/modules/uploads/uploads.routes.ts,
 * api/src/modules/instruments/instruments.routes.ts, api/src/modules/service-requests/service-requests.routes.ts).
 * Every part is read, so a file too many is refused rather than silently dropped, and each file stops at
 * `maxBytes` (toBuffer throws at the limit). A body the parser cannot read (no boundary, cut off, malformed
 * headers) is the client's error, never a 500.
 */
export async function readParts(
  request: FastifyRequest,
  { maxBytes, tooLarge, fields: allowed, fileField, wrongField, maxFiles, tooMany }: PartRules,
): Promise<{ fields: Record<string, string>; files: { bytes: Buffer; name: string }[] }> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.multipartInvalid);
  const fields: Record<string, string> = {};
  const files: { bytes: Buffer; name: string }[] = [];
  try {
    // One file more than taken, so that it is seen and refused; a few fields more than named, so that an
    // unknown one is answered by name rather than by the parser's limit.
    const fieldLimit = allowed ? allowed.length + 2 : undefined;
    const limits = {
      fileSize: maxBytes,
      files: maxFiles + 1,
      ...(fieldLimit ? { fields: fieldLimit, parts: fieldLimit + maxFiles + 1 } : {}),
    };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        // The rest of this part is never read; the socket's remaining bytes are dropped with the request.
        if (files.length === maxFiles)
          throw new HttpError(400, tooMany.code, tooMany.message, { [fileField]: tooMany.message });
        if (part.fieldname !== fileField) throw badRequest(wrongField, { [fileField]: wrongField });
        files.push({ name: part.filename, bytes: await part.toBuffer() });
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
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', tooLarge, { [fileField]: tooLarge });
    // Our own errors and the plugin's limit errors carry a status; the parser's own errors do not.
    if (error instanceof HttpError || (error as FastifyError).statusCode) throw error;
    throw new HttpError(400, 'MULTIPART_INVALID', messages.multipartInvalid);
  }
  return { fields, files };
}

/** The one file of the multipart field `file` and the text fields beside it (readParts). */
export async function readMultipart(
  request: FastifyRequest,
  rules: MultipartRules,
): Promise<{ fields: Record<string, string>; bytes: Buffer; name: string }> {
  const { fields, files } = await readParts(request, {
    ...rules,
    fileField: 'file',
    wrongField: rules.missing,
    maxFiles: 1,
    tooMany: { code: 'ONE_FILE_ONLY', message: messages.uploadOneFile },
  });
  if (!files[0]) throw badRequest(rules.missing, { file: rules.missing });
  return { fields, ...files[0] };
}
