import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { RuntimeConfig } from './runtime-config';
import { parseRuntimeConfig, RuntimeConfigError, runtimeConfigProblems } from './runtime-config-check';

const valid: RuntimeConfig = {
  apiBase: '/api',
  webBase: 'https://pruefbericht.example.com',
  remotes: { certificates: '/c.json', machines: 'https://cdn.example.com/m.json', landing: '/l.json' },
  labelPrintUrl: null,
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
  companyEmail: 'service@bds.example',
  companyPhone: null,
  companyLogo: null,
  qrFormat: 'gs1',
};

/** Every field of `valid` missing, and set to each value of the wrong kind. */
function mutations(): Array<{ what: string; value: unknown }> {
  const wrongValues = [undefined, null, '', 0, 1, true, [], {}, ['/api'], 'GS1', 'gs1 '];
  const out: Array<{ what: string; value: unknown }> = [];
  const paths = [
    ...Object.keys(valid).map((key) => [key]),
    ...Object.keys(valid.remotes).map((key) => ['remotes', key]),
  ];
  for (const path of paths) {
    for (const wrong of wrongValues) {
      const copy = structuredClone(valid) as Record<string, unknown>;
      const parent = (path.length === 2 ? copy[path[0]] : copy) as Record<string, unknown>;
      const key = path.at(-1)!;
      if (wrong === undefined) delete parent[key];
      else parent[key] = wrong;
      out.push({ what: `${path.join('.')} = ${JSON.stringify(wrong)}`, value: copy });
    }
  }
  return [...out, ...[null, [], 'config', 42].map((value) => ({ what: JSON.stringify(value), value }))];
}

test('a config the TypeBox schema takes passes the browser check, with extra fields and a label page', () => {
  for (const config of [
    valid,
    { ...valid, labelPrintUrl: 'https://labels.example.com' },
    { ...valid, qrFormat: 'landing' },
    { ...valid, x: 1 },
  ]) {
    assert.ok(Value.Check(RuntimeConfig, config));
    assert.deepEqual(runtimeConfigProblems(config), []);
    assert.equal(parseRuntimeConfig(config), config);
  }
});

test('the browser check refuses exactly what the TypeBox schema refuses, and names the field', () => {
  for (const { what, value } of mutations()) {
    const schemaTakes = Value.Check(RuntimeConfig, value);
    const problems = runtimeConfigProblems(value);
    assert.equal(problems.length === 0, schemaTakes, what);
    // A wrong field is named, or for a wrong `remotes` each of its fields.
    const field = what.split(' = ')[0];
    if (!schemaTakes && what.includes(' = '))
      assert.ok(problems.length && problems.every((p) => p === field || p.startsWith(`${field}.`)), what);
  }
});

test('a bad config is refused with a German message naming every wrong field', () => {
  const rest: Partial<RuntimeConfig> = { ...valid };
  delete rest.companyName;
  assert.throws(
    () => parseRuntimeConfig({ ...rest, remotes: { ...valid.remotes, machines: 3 } }),
    (error: unknown) =>
      error instanceof RuntimeConfigError &&
      error.message ===
        '/config.json ist fehlerhaft: „remotes.machines“, „companyName“ fehlt oder ist ungültig',
  );
});
