import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const common: Options = {
  allErrors: true,
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  // Ajv's default lets a coerced "Infinity" or "1e400" skip minimum and maximum; this refuses them.
  strictNumbers: false,
};

/** Query strings and path parameters are text: "2" must become the page number 2. */
const fromText = new Ajv({ ...common, coerceTypes: true });
/** JSON bodies have real types: `true` is not brand 1, `null` not 0, `["Max"]` not a name. */
const fromJson = new Ajv({ ...common, coerceTypes: false });

interface SchemaNode {
  type?: string;
  const?: unknown;
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/** Keyword of the error for text with U+0000; the error handler gives it its own field message. */
export const NUL_KEYWORD = 'noNul';

/**
 * The path of the first string in `data` that holds U+0000, or undefined. PostgreSQL cannot store that
 * character in text at all and SQLite would store it silently, so both databases refuse it here alike.
 */
function pathOfNul(data: unknown): string | undefined {
  // A loop, not recursion: a body of 20,000 nested arrays must not overflow the stack.
  const pending: [unknown, string][] = [[data, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string' && value.includes('\u0000')) return path;
    if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) pending.push([item, `${path}/${key}`]);
  }
  return undefined;
}

/**
 * At most 15 digits and nothing else: the earlier app (docs/earlier-app.md) posts `"crowd":"3"`. Signs, spaces, fractions and
 * exponents stay refused, as do booleans (Ajv's own coercion would take " 3", "1e2" and `true`). Fifteen
 * digits always convert exactly; longer text stays text and fails the type check.
 */
const DIGITS = /^[0-9]{1,15}$/;

/** An integer, or a choice of whole numbers such as the circuit-board flag's 0 or 1. */
const isInteger = (schema: SchemaNode) =>
  schema.type === 'integer' || (!!schema.anyOf && schema.anyOf.every((s) => Number.isInteger(s.const)));

/** Integer properties of a JSON body written as a string of digits become numbers before validation. */
function numbersFromDigits(schema: SchemaNode, value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const children: [string, SchemaNode][] =
    schema.items && Array.isArray(value)
      ? value.map((_item, index) => [String(index), schema.items!])
      : Object.entries(schema.properties ?? {});
  for (const [key, child] of children) {
    const item = record[key];
    if (isInteger(child) && typeof item === 'string' && DIGITS.test(item)) record[key] = Number(item);
    else numbersFromDigits(child, item);
  }
}

/** Ajv's validator with the two steps above in front; Fastify reads `errors` from the function it is given. */
function withInputRules(validate: ValidateFunction, schema: SchemaNode, isBody: boolean) {
  const check = (data: unknown) => {
    const nul = pathOfNul(data);
    if (nul !== undefined) {
      const error: ErrorObject = { keyword: NUL_KEYWORD, instancePath: nul, schemaPath: '', params: {} };
      check.errors = [error];
      return false;
    }
    if (isBody) numbersFromDigits(schema, data);
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  check.errors = null as ValidateFunction['errors'];
  return check;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const isBody = httpPart === 'body';
  return withInputRules((isBody ? fromJson : fromText).compile(schema), schema as SchemaNode, isBody);
};
