import yauzl from 'yauzl';
import { badRequest } from '../../errors';
import { messages } from '../../messages';

/** What an archive may unpack to before it is refused unread: a tester's file is a few megabytes at most. */
export const ZIP_LIMITS = { entries: 1000, unpackedBytes: 50 * 1024 * 1024 };

/** yauzl's refusals of a name that would leave the folder it is unpacked into. */
const UNSAFE_NAME = /absolute path|invalid relative path|invalid characters in fileName/;

/**
 * The entries of a ZIP archive that `wanted` names, unpacked into memory. Refused before anything is unpacked: more
 * than ZIP_LIMITS.entries entries, more than ZIP_LIMITS.unpackedBytes in all, a name with `..` or an absolute path
 * (even one not wanted). yauzl checks that each entry unpacks to exactly the size its header declares, so a ZIP
 * bomb that understates its sizes fails as a broken archive instead of filling the memory.
 */
export async function zipEntries(
  bytes: Buffer,
  wanted: (name: string) => boolean,
): Promise<Map<string, Buffer>> {
  try {
    return await readEntries(bytes, wanted);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(
      UNSAFE_NAME.test((error as Error).message) ? messages.importZipPath : messages.importZipBroken,
    );
  }
}

function readEntries(bytes: Buffer, wanted: (name: string) => boolean): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      if (zip.entryCount > ZIP_LIMITS.entries) return reject(badRequest(messages.importZipTooBig));
      const found = new Map<string, Buffer>();
      let unpacked = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize;
        if (unpacked > ZIP_LIMITS.unpackedBytes) {
          zip.close();
          return reject(badRequest(messages.importZipTooBig));
        }
        if (entry.fileName.endsWith('/') || !wanted(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
