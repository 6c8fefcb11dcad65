/**
 * A production deployment as README.md#deploying describes it: a deploy folder (scripts/deploy-folder.mjs) whose
 * files the service's user cannot change, the built API started from it with plain `node` and NODE_ENV=production
 * by an unprivileged user (`nobody` when the tests run as root), its database in a data folder of that user's,
 * and nginx with deploy/nginx/ in front, over TLS, serving the frontends from the same folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, stopProcess, waitForReady } from './deployment';

const root = path.resolve(import.meta.dirname, '../..');
const NOBODY = 65534;
/** Root may write anything anywhere: the service then runs as nobody, as a unit's User= would run it. */
export const serviceUid = process.getuid?.() === 0 ? NOBODY : process.getuid!();

/** `command` run as the service's user: through setpriv when the tests run as root. */
function asServiceUser(command: string, args: string[]): [string, string[]] {
  if (serviceUid === process.getuid!()) return [command, args];
  return ['setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', command, ...args]];
}

/** nginx from Debian's package, or null when it is not installed (.ci/run installs it). */
export const nginxBinary =
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file)) ?? null;

export interface Production {
  /** The deploy folder, read-only for the service. */
  app: string;
  /** The API's own port. */
  api: string;
  /** nginx over TLS (a self-signed certificate) and its plain-HTTP port, which only redirects. */
  https: string;
  http: string;
  apiProcess: ChildProcess;
  account: { email: string; password: string };
  /** Every file of the deploy folder with its size and modification time, as it was before the start. */
  filesAtStart: string;
  /** The data folder, the only one the service may write. */
  data: string;
  tool(args: string[], input?: string): void;
  startNginx(): Promise<void>;
  stop(): Promise<void>;
}

/** Path, size and modification time of every file and folder under `dir`: changes if anything is written. */
export function listing(dir: string): string {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .sort()
    .map((file) => {
      const stat = fs.lstatSync(path.join(dir, file));
      return `${file} ${stat.size} ${stat.mtimeMs}`;
    })
    .join('\n');
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
}

/** A started process: its output, and `ready`, which fails with that output if it ends before `until`. */
function started(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, options);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const ended = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`${command} ${args.join(' ')} ended (${code}):\n${output}`)),
    ),
  );
  ended.catch(() => undefined);
  const ready = (until: Promise<void>) =>
    Promise.race([
      until.catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      }),
      ended,
    ]);
  return { child, ready };
}

export async function startProduction(): Promise<Production> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pruefbericht-production-'));
  const processes: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map(stopProcess));
    // The folders were made unwritable; their owner (root or this user) may make them writable again.
    run('chmod', ['-R', 'u+w', dir], { cwd: root });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The service's user must reach the folders below.
    fs.chmodSync(dir, 0o755);
    const app = path.join(dir, 'app');
    run(process.execPath, ['scripts/deploy-folder.mjs', app], { cwd: root });
    // Read-only: the service's user owns none of it, and no mode bit lets anyone write.
    run('chmod', ['-R', 'a-w', app], { cwd: root });

    const data = path.join(dir, 'data');
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chownSync(data, serviceUid, serviceUid);

    // The manufacturer's seal (production refuses the development seal) and the TLS certificate of nginx.
    const secrets = path.join(dir, 'secrets');
    fs.mkdirSync(secrets);
    /** A self-signed key and certificate, `<name>.key` and `<name>.crt`. */
    const selfSigned = (name: string, subject: string, ...extra: string[]) =>
      run(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', subject, ...extra].concat([
          '-keyout',
          `${name}.key`,
          '-out',
          `${name}.crt`,
        ]),
        { cwd: secrets },
      );
    selfSigned('seal', '/CN=Pruefbericht Siegel');
    const sealPassword = 'Siegel-Passwort-im-Test';
    const p12 = [
      '-inkey',
      'seal.key',
      '-in',
      'seal.crt',
      '-out',
      'seal.p12',
      '-passout',
      `pass:${sealPassword}`,
    ];
    run('openssl', ['pkcs12', '-export', ...p12], { cwd: secrets });
    fs.writeFileSync(path.join(secrets, 'seal-password'), `${sealPassword}\n`);
    selfSigned('tls', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1');
    for (const file of ['seal.p12', 'seal-password', 'tls.key', 'tls.crt'])
      fs.chownSync(path.join(secrets, file), serviceUid, serviceUid);
    fs.chmodSync(secrets, 0o755);

    const [apiPort, httpsPort, httpPort] = await Promise.all([1, 2, 3].map(() => freePort('127.0.0.1')));
    const https = `https://127.0.0.1:${httpsPort}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATABASE_URL: `sqlite:${path.join(data, 'pruefbericht.db')}`,
      WEB_BASE: https,
      TRUST_PROXY: '127.0.0.1',
      SEAL_P12_PATH: path.join(secrets, 'seal.p12'),
      SEAL_P12_PASSWORD_FILE: path.join(secrets, 'seal-password'),
      LOG_LEVEL: 'warn',
    };

    // The first administrator, as README.md#configuration makes one: the deployed command, the password on
    // standard input. It migrates the new database.
    const account = { email: 'betrieb@pruefbericht.example', password: 'Betrieb-im-Test-2026' };
    /** A command-line tool of the folder (`api/dist/<name>.js`), run as the service runs, with its settings. */
    const tool = (args: string[], input?: string) =>
      run(...asServiceUser(process.execPath, args), { cwd: app, env, input });
    tool(['api/dist/user.js', 'add', '--email', account.email], `${account.password}\n`);

    const filesAtStart = listing(app);
    const apiServer = started(
      ...asServiceUser(process.execPath, [
        '--enable-source-maps',
        '--max-old-space-size=512',
        'api/dist/main.js',
      ]),
      { cwd: app, env },
    );
    processes.push(apiServer.child);
    const api = `http://127.0.0.1:${apiPort}`;
    await apiServer.ready(waitForReady(`${api}/api/readyz`));

    const startNginx = async () => {
      const conf = path.join(dir, 'nginx');
      fs.mkdirSync(conf);
      for (const file of ['pruefbericht-headers.conf', 'pruefbericht-proxy.conf'])
        fs.copyFileSync(path.join(root, 'deploy', 'nginx', file), path.join(conf, file));
      fs.writeFileSync(
        path.join(conf, 'pruefbericht.conf'),
        nginxSite({ app, apiPort, httpsPort, httpPort, conf, secrets }),
      );
      fs.writeFileSync(
        path.join(conf, 'nginx.conf'),
        `pid ${conf}/nginx.pid;
worker_processes 1;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${conf}/body;
    proxy_temp_path ${conf}/proxy;
    fastcgi_temp_path ${conf}/fastcgi;
    uwsgi_temp_path ${conf}/uwsgi;
    scgi_temp_path ${conf}/scgi;
    include ${conf}/pruefbericht.conf;
}
`,
      );
      fs.chownSync(conf, serviceUid, serviceUid);
      const nginx = started(
        ...asServiceUser(nginxBinary!, [
          '-p',
          conf,
          '-c',
          path.join(conf, 'nginx.conf'),
          '-e',
          'stderr',
          '-g',
          'daemon off;',
        ]),
        { cwd: conf, env: { PATH: process.env.PATH } },
      );
      processes.push(nginx.child);
      await nginx.ready(waitForReady(`http://127.0.0.1:${httpPort}/`, (response) => response.status === 301));
    };

    return {
      app,
      api,
      https,
      http: `http://127.0.0.1:${httpPort}`,
      apiProcess: apiServer.child,
      data,
      tool,
      account,
      filesAtStart,
      startNginx,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * deploy/nginx/pruefbericht.conf as an operator adapts it: the deploy folder, the API's port, the ports and
 * certificate of this machine, the snippets beside it. Each replaced text must be there, so that a changed
 * example fails here instead of being tested half.
 */
function nginxSite(where: {
  app: string;
  apiPort: number;
  httpsPort: number;
  httpPort: number;
  conf: string;
  secrets: string;
}): string {
  let site = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'pruefbericht.conf'), 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const next = site.replaceAll(from, to);
    if (next === site) throw new Error(`deploy/nginx/pruefbericht.conf no longer contains ${from}`);
    site = next;
  };
  replace('/opt/pruefbericht/', `${where.app}/`);
  replace('server 127.0.0.1:8080;', `server 127.0.0.1:${where.apiPort};`);
  replace(/^\s*listen \[::\]:.*$/gm, '');
  replace('listen 80;', `listen 127.0.0.1:${where.httpPort};`);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${where.httpsPort} ssl http2;`);
  replace('/etc/ssl/pruefbericht/fullchain.pem', `${where.secrets}/tls.crt`);
  replace('/etc/ssl/pruefbericht/privkey.pem', `${where.secrets}/tls.key`);
  replace('include snippets/', `include ${where.conf}/`);
  return site;
}
