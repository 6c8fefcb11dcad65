// Every operation of /api/openapi.json, fed with values drawn from its own schemas and hostile ones beside
// them (fast-check): never a 5xx, and every refusal in the German JSON envelope.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createTestApp, kinds, seedMachine, type TestApp } from '../test/harness';
import { OPENAPI_PATH } from '../plugins/openapi';

const RUNS_PER_OPERATION = process.env.SOAK === '1' ? 2_000 : 100;

interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const hostile = fc.constantFrom<unknown>(
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  "'; DROP TABLE certificates; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x'.repeat(5_000),
  '1e400',
  ' 3',
  '-1',
  '0x10',
  -1,
  0,
  0.5,
  2 ** 31,
  2 ** 53,
  1e308,
  true,
  null,
  [],
  {},
  { __proto__: { admin: true } },
);

/** A value the schema allows (nearly always), or a hostile one. */
function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: allowedBy(schema) }, { weight: 1, arbitrary: hostile });
}

function allowedBy(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(allowedBy));
  switch (schema.type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 300, 300), unit: 'binary' });
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), { maxLength: 5 });
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(entries.map(([key, property]) => [key, valueOf(property)])), {
        requiredKeys: schema.required ?? [],
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Percent-encoded UTF-8 of any value; a lone surrogate becomes U+FFFD, as a browser would send it. */
const asText = (value: unknown) =>
  Array.from(
    new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value)),
    (byte) => `%${byte.toString(16).padStart(2, '0')}`,
  ).join('');

for (const kind of kinds) {
  describe(`fuzzing every operation of the OpenAPI document on ${kind}`, () => {
    let t: TestApp;
    let paths: Record<string, Record<string, Operation>>;
    before(async () => {
      // The customer call's limit per address would answer most draws with 429 and test nothing behind it.
      t = await createTestApp(kind, { publicRateLimit: 1_000_000 });
      await seedMachine(t.repositories);
      // As main.ts does before it says ready: the seal is made first (a key pair, seconds on a busy machine), so
      // that /readyz, drawn like any operation, is not 503 while it is made.
      await t.app.startSealedDocuments();
      paths = (await t.app.inject(OPENAPI_PATH)).json().paths;
    });
    after(() => t.close());

    test(`${RUNS_PER_OPERATION} generated requests per operation: no 5xx, errors in the German envelope`, async () => {
      const failures: string[] = [];
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const parameters = operation.parameters ?? [];
          const body = operation.requestBody?.content['application/json']?.schema;
          const request = fc.record({
            params: fc.tuple(...parameters.map((p) => fc.option(valueOf(p.schema), { freq: 5 }))),
            body: body ? fc.oneof(valueOf(body), fc.string({ unit: 'binary' })) : fc.constant(undefined),
            signedIn: fc.boolean(),
          });
          await fc.assert(
            fc.asyncProperty(request, async ({ params, body: payload, signedIn }) => {
              let url = path;
              const query: string[] = [];
              parameters.forEach((parameter, i) => {
                const value = params[i];
                if (parameter.in === 'path')
                  url = url.replace(`{${parameter.name}}`, value === null ? '' : asText(value));
                else if (value !== null) query.push(`${parameter.name}=${asText(value)}`);
              });
              if (query.length) url += `?${query.join('&')}`;
              const response = await t.app.inject({
                method: method.toUpperCase() as 'GET',
                url,
                headers: {
                  ...(signedIn ? { authorization: t.token } : {}),
                  ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
                },
                payload:
                  payload === undefined
                    ? undefined
                    : typeof payload === 'string'
                      ? payload
                      : JSON.stringify(payload),
              });
              if (response.statusCode >= 500)
                failures.push(`${response.statusCode} ${method} ${url} ${response.body.slice(0, 200)}`);
              else if (response.statusCode >= 400 && !/"message":"/.test(response.body))
                failures.push(`no German envelope: ${response.statusCode} ${method} ${url}`);
            }),
            { numRuns: RUNS_PER_OPERATION },
          );
        }
      }
      assert.deepEqual(failures, []);
    });
  });
}
