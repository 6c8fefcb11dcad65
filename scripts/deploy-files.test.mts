// The deployment files checked as far as this machine allows (README.md#deploying): the Dockerfile's shape (no
// image can be built where there is no registry of base images) and the systemd units (`systemd-analyze verify`,
// where systemd is installed; no unit is started, there is no systemd running here).
// Run: node --import tsx --test scripts/deploy-files.test.mts
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../api/src/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped, by stage. */
function dockerStages(text: string) {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s+(.*)$/.exec(line)!;
      return { keyword: keyword.toUpperCase(), rest };
    });
  const stages: { from: string; instructions: typeof instructions }[] = [];
  for (const instruction of instructions)
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.rest, instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  return stages;
}

test('the Dockerfile builds in one stage and runs as an unprivileged user in another', () => {
  const stages = dockerStages(read('Dockerfile'));
  assert.ok(stages.length >= 2, 'multi-stage');
  const [build] = stages;
  const runtime = stages.at(-1)!;
  const of = (stage: typeof runtime, keyword: string) =>
    stage.instructions.filter((instruction) => instruction.keyword === keyword).map(({ rest }) => rest);

  // Every workspace's package.json is there before `npm ci`, which installs from all of them.
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  const install = build.instructions.findIndex(({ rest }) => rest.startsWith('npm ci'));
  assert.ok(install > 0, 'npm ci in the build stage');
  const copiedFirst = build.instructions.slice(0, install).map(({ rest }) => rest);
  for (const file of ['package-lock.json', ...workspaces.map((ws) => `${ws}/package.json`)])
    assert.ok(
      copiedFirst.some((copy) => copy.includes(file)),
      `${file} copied before npm ci`,
    );
  assert.ok(of(build, 'RUN').some((run) => run.includes('scripts/deploy-folder.mjs /deploy')));

  // The runtime takes the deploy folder only, and runs it with node as a user other than root.
  assert.deepEqual(of(runtime, 'COPY'), ['--from=build /deploy /app']);
  const users = of(runtime, 'USER');
  assert.equal(users.length, 1);
  assert.ok(!['root', '0', '0:0'].includes(users[0]), `USER ${users[0]}`);
  const user = runtime.instructions.findIndex(({ keyword }) => keyword === 'USER');
  assert.ok(
    runtime.instructions.slice(user).every(({ keyword }) => keyword !== 'RUN'),
    'nothing runs as root after USER',
  );
  assert.match(of(runtime, 'HEALTHCHECK')[0], /\/api\/readyz/);
  assert.match(of(runtime, 'CMD')[0], /^\["node", .*"api\/dist\/main\.js"\]$/);
  assert.ok(of(runtime, 'ENV').some((env) => env.includes('NODE_ENV=production')));

  const ignored = read('.dockerignore').split('\n');
  for (const entry of ['**/node_modules', '**/dist', 'data', '.env', '.git'])
    assert.ok(ignored.includes(entry), entry);
});

/** A unit file's settings: each key with all its values, in order. */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1], [...(settings.get(match[1]) ?? []), match[2]]);
  }
  return settings;
}

/** `Environment=A=1 B=2` lines as one record (no quoting is used in the units). */
const environmentOf = (settings: Map<string, string[]>) =>
  Object.fromEntries(
    (settings.get('Environment') ?? [])
      .flatMap((line) => line.split(/\s+/))
      .map((pair) => pair.split('=', 2)),
  );

const UNITS = ['deploy/systemd/pruefbericht-api.service', 'deploy/systemd/pruefbericht-worker.service'];

for (const unit of UNITS)
  test(`${path.basename(unit)}: stops by SIGTERM in time, hardened, secrets as credentials`, () => {
    const settings = unitSettings(read(unit));
    const one = (key: string) => {
      const values = settings.get(key) ?? [];
      assert.equal(values.length, 1, `${key} once`);
      return values[0];
    };
    const environment = environmentOf(settings);

    assert.equal(one('KillSignal'), 'SIGTERM');
    // The worker hands its job back after JOB_STOP_SECONDS; the stop must not be cut short before that.
    const { jobStopSeconds } = loadConfig({ JOB_STOP_SECONDS: environment.JOB_STOP_SECONDS });
    assert.ok(
      Number(one('TimeoutStopSec')) >= jobStopSeconds + 10,
      `TimeoutStopSec ${one('TimeoutStopSec')} leaves 10 s beyond JOB_STOP_SECONDS ${jobStopSeconds}`,
    );
    assert.notEqual(one('User'), 'root');
    assert.equal(one('NoNewPrivileges'), 'yes');
    assert.equal(one('ProtectSystem'), 'strict');
    assert.equal(one('ReadWritePaths'), `/var/lib/${one('StateDirectory')}`);
    assert.match(one('EnvironmentFile'), /^\/etc\/pruefbericht\//);
    assert.equal(environment.NODE_ENV, 'production');
    assert.match(one('ExecStart'), /^node .*\/opt\/pruefbericht\/api\/dist\/(main|worker)\.js$/);

    // Each *_FILE secret names a credential the unit loads, never a path of its own.
    const credentials = (settings.get('LoadCredential') ?? []).map((value) => value.split(':')[0]);
    const files = Object.entries(environment).filter(
      ([name]) => name.endsWith('_FILE') || name === 'SEAL_P12_PATH',
    );
    assert.ok(files.length >= 2);
    for (const [name, value] of files) {
      const credential = /^%d\/(.+)$/.exec(value)?.[1];
      assert.ok(credential && credentials.includes(credential), `${name}=${value} is a loaded credential`);
    }
  });

const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
test(
  'systemd-analyze verify finds nothing to say about the units',
  { skip: systemdAnalyze ? false : 'systemd-analyze ist nicht installiert' },
  () => {
    const result = spawnSync('systemd-analyze', ['verify', ...UNITS], { cwd: root, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr.trim(), '');
  },
);
