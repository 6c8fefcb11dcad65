import { DEFAULT_PAGE_SIZE } from 'contracts';

export interface PageRequest {
  page?: number;
  per_page?: number;
  order?: 'asc' | 'desc';
}

/** Limit and offset of a requested page. */
export function pageOf(request: PageRequest) {
  const limit = request.per_page ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((request.page ?? 1) - 1) * limit };
}

/**
 * The rows of a page, each with `pos`, its place in the whole sorted list. Sorted by position descending,
 * positions count down, so each row keeps its number whichever way the list is turned.
 */
export function withPositions<T>(
  rows: T[],
  { byPositionDescending, total, offset }: { byPositionDescending: boolean; total: number; offset: number },
) {
  return rows.map((row, i) => ({ ...row, pos: byPositionDescending ? total - offset - i : offset + i + 1 }));
}
