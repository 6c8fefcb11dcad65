import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { ApiError } from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { messages } from '../messages';
import { addressKey } from '../plugins/client-address';
import { byteRange } from './byte-range';
import { CHUNK_BYTES, IntegrityError, type StoredContent } from './chunk-store';

/** Reads bytes `start`…`end` (inclusive) of a stored content: the chunk store's `range`. */
export type ReadStoredBytes = (file: StoredContent, start: number, end: number) => AsyncIterable<Buffer>;

export interface StoredFileHeaders {
  fileName: string;
  /** `Content-Disposition: attachment` (the browser saves it) instead of `inline`. */
  download: boolean;
  cacheControl: string;
  contentType?: string;
  /** Further headers of this route (a public document's `Cross-Origin-Resource-Policy`). */
  extra?: Record<string, string>;
}

const Binary = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
/** The answers a stored file gets, for a route's response schema. */
export const storedFileResponses = {
  200: Binary,
  206: Binary,
  304: Type.Null(),
  416: ApiError,
  429: ApiError,
  500: ApiError,
};

/**
 * Answers stored files (api/src/platform/chunk-store.ts) the one way every route does it: the SHA-256 is the ETag,
 * since stored bytes never change under their hash, so a matching If-None-Match gets 304; one byte range gets 206
 * (a phone's PDF viewer asks for them), one outside the file 416. The bytes are streamed one chunk at a time
 * (Readable.from's default of 16 would read 4 MB ahead per download), each checked by the chunk store: bytes
 * that differ from their SHA-256 are never sent. A download whose
 * client reads nothing for `stallMs` is closed, and one address holds at most `perAddress` downloads open
 * (docs/decisions/0027-stored-bytes.md): a request limit counts requests, not what they keep open.
 */
export function storedFileReplies({ stallMs, perAddress }: { stallMs: number; perAddress: number }) {
  /** Open downloads per client address (its /64 for IPv6), in this process. */
  const open = new Map<string, number>();

  function alarm(request: FastifyRequest, error: IntegrityError) {
    request.log.error(
      { alarm: 'integrity', sha256: error.sha256, chunk: error.seq, url: request.url },
      'Integritätsalarm: gespeicherte Bytes weichen von ihrer SHA-256 ab; nicht ausgeliefert',
    );
  }

  /** The bytes as a stream that ends in an error, never in wrong bytes, and gives up on a client that stalls. */
  function guarded(
    request: FastifyRequest,
    reply: FastifyReply,
    first: Buffer | undefined,
    rest: AsyncIterator<Buffer>,
  ) {
    const stalled = setTimeout(() => {
      reply.raw.destroy();
      request.log.warn({ url: request.url, ip: request.ip, stallMs }, 'download stalled: closed');
    }, stallMs);
    async function* chunks() {
      try {
        if (first) yield first;
        for (;;) {
          stalled.refresh();
          const next = await rest.next();
          if (next.done) return;
          yield next.value;
        }
      } catch (error) {
        if (error instanceof IntegrityError) alarm(request, error);
        throw error;
      } finally {
        clearTimeout(stalled);
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES });
  }

  return {
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      read: ReadStoredBytes,
      file: StoredContent,
      { fileName, download, cacheControl, contentType = 'application/pdf', extra = {} }: StoredFileHeaders,
    ) {
      const range = byteRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${file.size}`);
        throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', messages.rangeNotSatisfiable);
      }
      const etag = `"${file.sha256}"`;
      reply
        .headers(extra)
        .header('Content-Type', contentType)
        .header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="${fileName}"`)
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', cacheControl);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const address = addressKey(request.ip);
      const held = open.get(address) ?? 0;
      if (held >= perAddress) throw new HttpError(429, 'TOO_MANY_DOWNLOADS', messages.tooManyDownloads);
      const { start, end } = range === 'whole' ? { start: 0, end: file.size - 1 } : range;
      const bytes = read(file, start, end)[Symbol.asyncIterator]();
      // The first chunk is read and checked before the status goes out: a file whose first bytes (or all of a
      // small one) differ from their hash is answered with an error instead of a 200.
      let first: IteratorResult<Buffer>;
      try {
        first = await bytes.next();
      } catch (error) {
        if (!(error instanceof IntegrityError)) throw error;
        alarm(request, error);
        throw new HttpError(500, 'DOCUMENT_INTEGRITY', messages.documentIntegrity);
      }
      open.set(address, held + 1);
      reply.raw.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
      if (range !== 'whole') reply.code(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
      reply.header('Content-Length', end - start + 1);
      return reply.send(guarded(request, reply, first.done ? undefined : first.value, bytes));
    },
  };
}

export type StoredFileReplies = ReturnType<typeof storedFileReplies>;
