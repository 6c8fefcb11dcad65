import crypto from 'node:crypto';
import fs from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { Database } from '../db/schema';
import { nowIso } from '../text';

/** Bytes per stored chunk: a download holds at most one of them in memory at a time. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Reads of stored bytes take READ_BYTES at a time, all reads of this process one after another, each in a turn of
 * the event loop of its own. Twenty downloads each reading and checking a whole chunk in the same turn held every
 * other request for 30 to 60 ms a turn, and the customer call's p99 rose from 9 to 57 ms; on PostgreSQL a chunk
 * arrives as 512 KB of hex text, decoded in one piece (docs/measurements.md, "Downloads"). A read at a time also
 * leaves the rest of PostgreSQL's pool to everything else.
 */
const READ_BYTES = 64 * 1024;
const readTurn = pLimit(1);

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
  /** One stored chunk in parts of READ_BYTES, checked against its SHA-256 before any part is answered. */
  async function chunkParts(sha256: string, seq: number): Promise<Buffer[]> {
    const parts: Buffer[] = [];
    const check = crypto.createHash('sha256');
    let expected: string | undefined;
    for (let from = 0; from < CHUNK_BYTES; from += READ_BYTES) {
      const read = await readTurn(async () => {
        await setImmediate();
        return db
          .selectFrom('document_chunks')
          .select([sql<Buffer>`substr(bytes, ${from + 1}, ${READ_BYTES})`.as('part'), 'chunk_sha256'])
          .where('sha256', '=', sha256)
          .where('seq', '=', seq)
          .executeTakeFirst();
      });
      if (!read) throw new IntegrityError(sha256, seq);
      expected = read.chunk_sha256;
      check.update(read.part);
      parts.push(read.part);
      if (read.part.length < READ_BYTES) break;
    }
    if (check.digest('hex') !== expected) throw new IntegrityError(sha256, seq);
    return parts;
  }

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
     * Bytes `start`…`end` (inclusive) of a stored content, read a part at a time (READ_BYTES). Each chunk is
     * checked against its own SHA-256 before any of it is passed on, and a read of the whole content against the
     * content's SHA-256 before its last bytes are: a mismatch throws IntegrityError instead.
     */
    async *range({ sha256, size }: StoredContent, start: number, end: number): AsyncGenerator<Buffer> {
      const whole = start === 0 && end === size - 1 ? crypto.createHash('sha256') : null;
      const last = Math.floor(end / CHUNK_BYTES);
      for (let seq = Math.floor(start / CHUNK_BYTES); seq <= last; seq++) {
        const parts = await chunkParts(sha256, seq);
        const offset = seq * CHUNK_BYTES;
        for (const [i, part] of parts.entries()) {
          whole?.update(part);
          if (whole && seq === last && i === parts.length - 1 && whole.digest('hex') !== sha256)
            throw new IntegrityError(sha256, 'whole');
          const at = offset + i * READ_BYTES;
          if (at + part.length <= start || at > end) continue;
          yield part.subarray(Math.max(0, start - at), Math.min(part.length, end - at + 1));
        }
      }
    },
  };
}

export type ChunkStore = ReturnType<typeof chunkStore>;
