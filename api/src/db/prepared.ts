import type { Compilable } from 'kysely';
import type { Db } from './database';

const NAME = Symbol('placeholder');

interface Placeholder {
  [NAME]: string;
}

const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === 'object' && value !== null && NAME in value;

/** Hands `build` a placeholder for each value it reads; the compiled SQL keeps them as parameters. */
const placeholders = new Proxy({}, { get: (_, name) => ({ [NAME]: String(name) }) });

/**
 * Builds and compiles a query once and runs the compiled SQL with new values each time. Building and
 * compiling through Kysely costs about as much as running a small indexed query, so the reads made on every
 * request (session, list page, serial search, customer page) skip it. `build` must use its values only
 * as values (in `where`, `limit`, …), never to decide the shape of the query.
 */
export function prepare<Values extends Record<string, unknown>, Row>(
  db: Db,
  build: (values: Values) => Compilable<Row>,
): (values: Values) => Promise<Row[]> {
  const compiled = build(placeholders as Values).compile();
  const names = compiled.parameters.map((value) => (isPlaceholder(value) ? value[NAME] : undefined));
  return async (values) => {
    const parameters = names.map((name, i) => (name === undefined ? compiled.parameters[i] : values[name]));
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}
