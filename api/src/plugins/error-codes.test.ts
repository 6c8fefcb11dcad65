import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { API_ERROR_CODES } from 'contracts';
import { FASTIFY_CODES, STATUS_CODES } from './error-handler';

const SRC = path.resolve(import.meta.dirname, '..');

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

// Every way the API names a code: an HttpError, a 403 or 429 of its own, or the error handler's `send`.
const CODE_SITES = [
  /new HttpError\(\s*\d+,\s*'([A-Z_]+)'/g,
  /forbidden\(\s*'([A-Z_]+)'/g,
  /new ThrottledError\(\s*'([A-Z_]+)'/g,
  /send(?:Error)?\(\s*reply,\s*\d+,\s*'([A-Z_]+)'/g,
];

test('every error code the API sends is one of contracts API_ERROR_CODES', () => {
  const known = new Set<string>(API_ERROR_CODES);
  const sent = new Map<string, string>();
  for (const file of productionFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const site of CODE_SITES)
      for (const match of text.matchAll(site)) sent.set(match[1], path.relative(SRC, file));
  }
  for (const [, code] of Object.values(FASTIFY_CODES))
    sent.set(code, 'plugins/error-handler.ts FASTIFY_CODES');
  for (const code of Object.values(STATUS_CODES)) sent.set(code, 'plugins/error-handler.ts STATUS_CODES');
  assert.ok(sent.size > 20, `the scan found only ${sent.size} codes: has the way codes are written changed?`);
  for (const [code, where] of sent)
    assert.ok(known.has(code), `${code} (${where}) is missing in API_ERROR_CODES`);
});

test('no Fastify code (FST_…) reaches a client: each is mapped to one of ours', () => {
  for (const [fastify, [status, code]] of Object.entries(FASTIFY_CODES)) {
    assert.match(fastify, /^FST_/);
    assert.ok(status >= 400 && status < 500, fastify);
    assert.doesNotMatch(code, /^FST_/, fastify);
  }
});
