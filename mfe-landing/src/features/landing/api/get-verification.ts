import { apiPaths, SHA256_PATTERN, type DocumentVerification } from 'contracts';

export type VerificationFailure = 'malformed' | 'unknown' | 'throttled' | 'failed';

export type VerificationAnswer =
  { status: 'found'; document: DocumentVerification } | { status: VerificationFailure };

/** The SHA-256 of a file, computed in the browser: the file itself never leaves it. */
export async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `GET /public/verify/:sha256`: whether a document with this checksum was sealed by us, and whether it is
 * current. Plain `fetch` without credentials, as the customer page's own call (features/landing/api/get-landing.ts).
 */
export async function getVerification(apiBase: string, sha256: string): Promise<VerificationAnswer> {
  const hash = sha256.trim();
  if (!SHA256_PATTERN.test(hash)) return { status: 'malformed' };
  try {
    const response = await fetch(`${apiBase}${apiPaths.verifyDocument(hash.toLowerCase())}`, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
    if (response.ok) return { status: 'found', document: (await response.json()) as DocumentVerification };
    if (response.status === 404) return { status: 'unknown' };
    if (response.status === 400) return { status: 'malformed' };
    if (response.status === 429) return { status: 'throttled' };
    return { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}
