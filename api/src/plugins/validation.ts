import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { MULTILINE } from 'contracts';
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
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  [MULTILINE]?: boolean;
}

// A field where a line break belongs (an address, a reason) says so; Ajv takes it as a mere annotation.
for (const ajv of [fromText, fromJson]) ajv.addKeyword({ keyword: MULTILINE, schemaType: 'boolean' });

/** Keyword of the error for text with U+0000; the error handler gives it its own field message. */
export const NUL_KEYWORD = 'noNul';
/** Keyword for text with a direction override, embedding or isolate (a name that reads backwards). */
export const BIDI_KEYWORD = 'noBidiControl';
/** Keyword for a control character (a line break in a name, a bell, an escape) where text has one line. */
export const CONTROL_KEYWORD = 'noControlCharacter';
/** Keyword for text with half of a UTF-16 surrogate pair, which is no character at all. */
export const BROKEN_TEXT_KEYWORD = 'wellFormed';

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not after a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, if anything. */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_KEYWORD;
  // PostgreSQL refuses a lone surrogate while SQLite stored it as invalid UTF-8: refused here on both alike.
  if (LONE_SURROGATE.test(text)) return BROKEN_TEXT_KEYWORD;
  if (BIDI_CONTROLS.test(text)) return BIDI_KEYWORD;
  return undefined;
}

/**
 * Every string in `data` in NFC (an "ä" typed as a + combining diaeresis is the same name as "ä"), and the
 * first one that cannot be stored as it is: U+0000, which PostgreSQL cannot store and SQLite would store
 * silently, a lone surrogate, or a direction control. Both databases refuse them here alike.
 */
function normalizeText(data: unknown): { path: string; keyword: string } | undefined {
  // A loop, not recursion: a body of 20,000 nested arrays must not overflow the stack.
  const pending: [unknown, string][] = [[data, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      const keyword = textProblem(value);
      if (keyword) return { path, keyword };
    }
    if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' && !LONE_SURROGATE.test(item))
          (value as Record<string, unknown>)[key] = item.normalize('NFC');
        pending.push([item, `${path}/${key}`]);
      }
  }
  return undefined;
}

/** Control characters (C0, DEL, C1, the line and paragraph separators); a multi-line field may have tab, CR, LF. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BESIDE_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Whether a text field read outside a JSON schema (a multipart form's, api/src/modules/service-requests) holds what
 * the schemas refuse: U+0000, a lone surrogate, a direction control, or a control character where it has one line.
 */
export const textRefused = (text: string, multiline: boolean) =>
  textProblem(text) !== undefined || (multiline ? CONTROL_BESIDE_LINE_BREAKS : CONTROL).test(text);

/**
 * The path of the first string of `value` with a control character its field does not allow: every field is one
 * line unless its schema says `x-multiline` (a stored CR/LF in a name splits a CSV row, a label, an e-mail header).
 */
function controlCharacter(schema: SchemaNode, value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') {
    const multiline = schema[MULTILINE] || schema.anyOf?.some((s) => s[MULTILINE]);
    return (multiline ? CONTROL_BESIDE_LINE_BREAKS : CONTROL).test(value) ? path : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const objectSchema = schema.anyOf?.find((s) => s.properties || s.items || s.patternProperties) ?? schema;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const child = Array.isArray(value)
      ? objectSchema.items
      : ((objectSchema.properties && Object.hasOwn(objectSchema.properties, key)
          ? objectSchema.properties[key]
          : undefined) ?? Object.values(objectSchema.patternProperties ?? {})[0]);
    const found = child && controlCharacter(child, record[key], `${path}/${key}`);
    if (found !== undefined) return found;
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

/** Ajv's validator with the steps above in front; Fastify reads `errors` from the function it is given. */
function withInputRules(validate: ValidateFunction, schema: SchemaNode, isBody: boolean) {
  const check = (data: unknown) => {
    const control = controlCharacter(schema, data);
    const wrong =
      normalizeText(data) ??
      (control === undefined ? undefined : { path: control, keyword: CONTROL_KEYWORD });
    if (wrong) {
      const error: ErrorObject = {
        keyword: wrong.keyword,
        instancePath: wrong.path,
        schemaPath: '',
        params: {},
      };
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
