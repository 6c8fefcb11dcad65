import crypto from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../text';

/** Bytes per stored chunk: a download holds at most a few of them (CHUNKS_PER_READ) in memory at a time. */
export const CHUNK_BYTES = 256 * 1024;
/**
 * Chunks fetched per query while streaming. One: a query on SQLite runs on the event loop, and twenty downloads
 * reading 1 MiB each at a time kept every other request waiting (api/bench/documents-bench.ts).
 */
const CHUNKS_PER_READ = 1;

/**
 * A PDF's bytes, stored once per content in chunks (api/src/db/migrations/2026-11-25T12-00-documents.ts), and read
 * back as a stream of any byte range: never a whole document in memory per request.
 */
export function documentChunksRepository(db: Kysely<Database>) {
  return {
    /** Stores `bytes` under their SHA-256 unless stored already; answers the SHA-256. Run it in a transaction. */
    async store(bytes: Buffer): Promise<string> {
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      const chunkCount = Math.ceil(bytes.length / CHUNK_BYTES);
      const inserted = await db
        .insertInto('document_contents')
        .values({ sha256, size: bytes.length, chunk_count: chunkCount, created_at: nowIso() })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return sha256;
      for (let seq = 0; seq < chunkCount; seq++) {
        // A turn of the event loop between chunks: on SQLite each insert runs on it, and a 50 MB manual or a
        // 200-page certificate written in one go held every other request (docs/decisions/0011-bounded-heavy-work.md).
        if (seq > 0) await setImmediate();
        const chunk = bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
        await db.insertInto('document_chunks').values({ sha256, seq, bytes: chunk }).execute();
      }
      return sha256;
    },

    /** Bytes `start`…`end` (inclusive) of a stored content, CHUNKS_PER_READ chunks per query. */
    async *range(sha256: string, start: number, end: number): AsyncGenerator<Buffer> {
      const first = Math.floor(start / CHUNK_BYTES);
      const last = Math.floor(end / CHUNK_BYTES);
      for (let from = first; from <= last; from += CHUNKS_PER_READ) {
        const rows = await db
          .selectFrom('document_chunks')
          .select(['seq', 'bytes'])
          .where('sha256', '=', sha256)
          .where('seq', '>=', from)
          .where('seq', '<=', Math.min(last, from + CHUNKS_PER_READ - 1))
          .orderBy('seq')
          .execute();
        for (const { seq, bytes } of rows) {
          const offset = seq * CHUNK_BYTES;
          yield bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset + 1));
        }
        // SQLite answers synchronously, so without this the loop would pass chunk after chunk in microtasks and
        // never let another request in until a download's socket pushed back.
        await setImmediate();
      }
    },
  };
}

export type DocumentChunksRepository = ReturnType<typeof documentChunksRepository>;
