import Ajv, { type Options } from 'ajv';
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

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? fromJson : fromText).compile(schema);
