import { sql } from 'kysely';

const DIRECTIONS = { asc: sql.raw('asc'), desc: sql.raw('desc') };

/**
 * `order by` of a list: its sort column, then the row id so equal values keep one order across pages. The
 * direction comes from this fixed pair, never from the request's text.
 */
export function orderBy(column: string, id: string, direction: 'asc' | 'desc') {
  return sql`order by ${sql.ref(column)} ${DIRECTIONS[direction]}, ${sql.ref(id)} ${DIRECTIONS[direction]}`;
}
