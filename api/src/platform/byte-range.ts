/**
 * The one byte range of a `Range` header (RFC 9110 §14.1.2) for a document of `size` bytes: `bytes=a-b`,
 * `bytes=a-` or `bytes=-n`. `whole` when there is none, or when it asks for several ranges or another unit
 * (a server may answer those with the whole document, §14.2); `unsatisfiable` when it lies outside.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
