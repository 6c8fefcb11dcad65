import crypto from 'node:crypto';
import fs from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { Database } from '../db/schema';
import { nowIso } from '../text';

/** Bytes per stored chunk: a download holds at most one of them in memory at a time. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Chunk reads of all downloads together at once. Each takes a database connection while it runs: twenty downloads
 * reading freely held the whole PostgreSQL pool (10), and the customer call waited behind them (p99 188 ms against
 * 8 ms idle, api/bench/heavy-work.ts). Four leave the rest of the pool to everything else.
 */
const CHUNK_READS_AT_ONCE = 4;

/** A stored content as its readers know it: its SHA-256 (the key) and its size. */
export interface StoredContent {
  sha256: string;
  size: number;
}

/**
 * Stored bytes that are not what was stored (docs/decisions/0027-stored-bytes.md): a chunk whose own SHA-256
 * or a whole content whose SHA-256 differs from what was written. Thrown before the wrong bytes leave the store.
 */
export class IntegrityError extends Error {
  constructor(
    readonly sha256: string,
    readonly seq: number | 'whole',
  ) {
    super(
      `stored bytes of ${sha256} differ from their SHA-256 (${seq === 'whole' ? 'whole content' : `chunk ${seq}`})`,
    );
  }
}

/** What the owner of a file being stored hears (`storeFile`). */
export interface StoreFileSteps {
  /**
   * Once the content's row exists and before its bytes are stored: what will refer to it is written here, so a
   * store cut short is known to its owner.
   */
  before?: (content: StoredContent) => Promise<void>;
  /** After each chunk stored (a long store keeps its job's lease with it). */
  stored?: (chunks: number, of: number) => Promise<void>;
}

const sha256Hex = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Every stored file's bytes (PDFs of machines and calibrations, sealed certificates, exports of the list), stored
 * once per content in chunks of CHUNK_BYTES (api/src/db/migrations/2026-11-25T12-00-documents.ts), each with its
 * own SHA-256, and read back as a stream of any byte range: never a whole file in memory per request. A chunk of
 * a content that a document, a calibration, the archive or an export refers to can be neither changed nor
 * deleted (api/src/db/migrations/2026-11-28T12-00-append-only-chunks.ts, 2026-11-28T16-00-exports.ts), and every
 * read checks what it passes on. An export's bytes go once the export is removed (`remove`).
 */
export function chunkStore(db: Kysely<Database>) {
  const chunkRead = pLimit(CHUNK_READS_AT_ONCE);
  /**
   * The content's row unless it exists, then each of its chunks that is not stored yet, read by `chunkAt`.
   * Chunks are looked for rather than assumed: a store of a file cut short leaves a content with some chunks,
   * and the next store of the same bytes (the same export done again) completes it instead of trusting it.
   */
  async function fill(
    { sha256, size }: StoredContent,
    chunkAt: (seq: number) => Promise<Buffer>,
    { before, stored: told }: StoreFileSteps = {},
  ) {
    const chunkCount = Math.ceil(size / CHUNK_BYTES);
    await db
      .insertInto('document_contents')
      .values({ sha256, size, chunk_count: chunkCount, created_at: nowIso() })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    await before?.({ sha256, size });
    const stored = await db
      .selectFrom('document_chunks')
      .select('seq')
      .where('sha256', '=', sha256)
      .execute();
    if (stored.length === chunkCount) return;
    const present = new Set(stored.map((row) => row.seq));
    for (let seq = 0; seq < chunkCount; seq++) {
      if (present.has(seq)) continue;
      // A turn of the event loop between chunks: on SQLite each insert runs on it, and a 50 MB manual or a
      // 200-page certificate written in one go held every other request (docs/decisions/0011-bounded-heavy-work.md).
      if (seq > 0) await setImmediate();
      const chunk = await chunkAt(seq);
      await db
        .insertInto('document_chunks')
        .values({ sha256, seq, bytes: chunk, chunk_sha256: sha256Hex(chunk) })
        .onConflict((oc) => oc.columns(['sha256', 'seq']).doNothing())
        .execute();
      await told?.(seq + 1, chunkCount);
    }
  }

  return {
    /** Stores `bytes` under their SHA-256 unless stored already; answers the SHA-256. Run it in a transaction. */
    async store(bytes: Buffer): Promise<string> {
      const sha256 = sha256Hex(bytes);
      await fill({ sha256, size: bytes.length }, async (seq) =>
        bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES),
      );
      return sha256;
    },

    /**
     * Stores the file at `file` (an export the worker wrote) one chunk at a time, never the whole file in
     * memory: it is read once for its SHA-256, then chunk by chunk, each chunk committed on its own. A store
     * cut short by a crash is completed by the next store of the same bytes, and chunks stored already are not
     * stored again.
     */
    async storeFile(file: string, steps: StoreFileSteps = {}): Promise<StoredContent> {
      const whole = crypto.createHash('sha256');
      let size = 0;
      for await (const part of fs.createReadStream(file, {
        highWaterMark: CHUNK_BYTES,
      }) as AsyncIterable<Buffer>) {
        whole.update(part);
        size += part.length;
      }
      const content = { sha256: whole.digest('hex'), size };
      const handle = await fs.promises.open(file);
      try {
        await fill(
          content,
          async (seq) => {
            const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - seq * CHUNK_BYTES));
            for (let at = 0; at < chunk.length;) {
              const { bytesRead } = await handle.read(chunk, at, chunk.length - at, seq * CHUNK_BYTES + at);
              if (!bytesRead) throw new Error(`${file} wurde beim Speichern kürzer`);
              at += bytesRead;
            }
            return chunk;
          },
          steps,
        );
      } finally {
        await handle.close();
      }
      return content;
    },

    /**
     * Removes a content's bytes that nothing refers to any more (an export past its time). The database refuses
     * it for bytes something still refers to (api/src/db/migrations/2026-11-28T16-00-exports.ts): callers ask
     * for contents they have let go of, and run it in a transaction, so a refusal leaves every chunk in place.
     */
    async remove(sha256: string) {
      await db.deleteFrom('document_chunks').where('sha256', '=', sha256).execute();
      await db.deleteFrom('document_contents').where('sha256', '=', sha256).execute();
    },

    /**
     * Bytes `start`…`end` (inclusive) of a stored content, one chunk per query (on SQLite a query runs on the
     * event loop, and twenty downloads reading 1 MiB at a time kept every other request waiting:
     * api/bench/documents-bench.ts). Each chunk is checked against its own SHA-256 before any of it is passed
     * on, and a read of the whole content against the content's SHA-256 before its last bytes are: a mismatch
     * throws IntegrityError instead.
     */
    async *range({ sha256, size }: StoredContent, start: number, end: number): AsyncGenerator<Buffer> {
      const whole = start === 0 && end === size - 1 ? crypto.createHash('sha256') : null;
      const last = Math.floor(end / CHUNK_BYTES);
      for (let seq = Math.floor(start / CHUNK_BYTES); seq <= last; seq++) {
        const row = await chunkRead(() =>
          db
            .selectFrom('document_chunks')
            .select(['bytes', 'chunk_sha256'])
            .where('sha256', '=', sha256)
            .where('seq', '=', seq)
            .executeTakeFirst(),
        );
        if (!row || sha256Hex(row.bytes) !== row.chunk_sha256) throw new IntegrityError(sha256, seq);
        whole?.update(row.bytes);
        if (whole && seq === last && whole.digest('hex') !== sha256)
          throw new IntegrityError(sha256, 'whole');
        const offset = seq * CHUNK_BYTES;
        yield row.bytes.subarray(Math.max(0, start - offset), Math.min(row.bytes.length, end - offset + 1));
        // SQLite answers synchronously, so without this the loop would pass chunk after chunk in microtasks and
        // never let another request in until a download's socket pushed back.
        await setImmediate();
      }
    },
  };
}

export type ChunkStore = ReturnType<typeof chunkStore>;
