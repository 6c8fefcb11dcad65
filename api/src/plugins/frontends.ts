import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { remoteNames, type RemoteKey, type RuntimeConfig } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { messages } from '../messages';
import { send as sendError } from './error-handler';

/**
 * Single-host mode (docs/architecture.md#deployment): the built frontends next to the API, on the same port.
 *
 *   /config.json          runtime config of every frontend, from the environment
 *   /remotes/<name>/…     a remote's build (mf-manifest.json, remoteEntry.js, hashed chunks)
 *   /landing/…            the standalone customer page (no staff shell, no federation runtime)
 *   anything else         a file of the shell's build, else the shell's index.html (SPA fallback)
 *
 * Register it after the API: `await app.register(frontends, { config })`. A frontend that is not built
 * answers 503 with a German page instead of stopping the server.
 */
export interface FrontendsOptions {
  config: Config;
}

/** Files that name other files: a browser must ask every time, so a deploy is picked up at once. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
/** `name.<10 hex>.ext`, as the webpack configs name chunks and assets (scripts/webpack/create-config.ts). */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  return HASHED.test(name) ? IMMUTABLE : 'no-cache';
}

/**
 * The file under `root` that a URL path names, or null when it would leave `root`, names a dotfile or
 * is not a regular file. `relative` is already URL-decoded by Fastify.
 */
export function fileInside(root: string, relative: string): string | null {
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const full = path.resolve(root, ...segments);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

/**
 * Hosts of local development, with an optional port and nothing else: without WEB_BASE only these may say
 * where printed QR codes point. A host name only: `localhost/evil.example` or `localhost@evil.example` is not
 * one, though a URL parser would find `localhost` in it.
 */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/**
 * The request's origin when it names this machine itself, else undefined. Any other Host header is the
 * client's word, and `Host: evil.example` would otherwise put that origin into every printed QR code.
 */
function localOrigin(request: FastifyRequest): string | undefined {
  return LOCAL_HOST.test(request.host) ? `${request.protocol}://${request.host}` : undefined;
}

const notBuiltPage = (what: string) => `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Prüfbericht – nicht verfügbar</title></head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#000;color:#fff;font-family:Helvetica,Arial,sans-serif">
<main style="max-width:560px;padding:24px;text-align:center">
<h1 style="font-size:1.4rem">Die Oberfläche ist noch nicht gebaut</h1>
<p>${what} fehlt auf dem Server. Bitte <code>npm run build:missing</code> ausführen und den Server neu starten.</p>
</main>
</body>
</html>
`;

export default async function frontends(app: FastifyInstance, { config }: FrontendsOptions) {
  const webRoot = path.resolve(config.webRoot);
  const shellDist = path.join(webRoot, 'shell', 'dist');
  const landingDist = path.join(webRoot, 'mfe-landing', 'dist', 'standalone');
  const remoteDist = (name: RemoteKey) => path.join(webRoot, `mfe-${name}`, 'dist');

  // Only the reply.sendFile decorator (ranges, ETag, 304, content types, the builds' .br/.gz files);
  // the routes below choose the files.
  await app.register(fastifyStatic, {
    root: webRoot,
    serve: false,
    preCompressed: true,
    decorateReply: !app.hasReplyDecorator('sendFile'),
  });

  const send = (reply: FastifyReply, file: string) => {
    reply.header('Cache-Control', cacheControlFor(file));
    return reply.sendFile(path.basename(file), path.dirname(file), { cacheControl: false, dotfiles: 'deny' });
  };

  const notBuilt = (reply: FastifyReply, what: string) =>
    reply
      .code(503)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(notBuiltPage(what));

  /** The page of an app: its index.html, or the German 503 page when the app was not built. */
  const sendIndex = (reply: FastifyReply, dist: string, what: string) => {
    const index = fileInside(dist, 'index.html');
    return index ? send(reply, index) : notBuilt(reply, what);
  };

  app.get('/config.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const webBase = config.webBase ?? localOrigin(request);
    if (!webBase) {
      request.log.warn({ host: request.host }, 'WEB_BASE is unset; refused a host other than localhost');
      return sendError(reply, 421, 'WEB_BASE_REQUIRED', messages.webBaseRequired);
    }
    return {
      apiBase: '/api',
      webBase,
      remotes: config.remoteManifests,
      labelPrintUrl: config.labelPrintUrl,
      qrFormat: config.qrFormat,
      companyName: config.companyName,
      companyAddress: config.companyAddress,
      companyEmail: config.companyEmail,
      companyPhone: config.companyPhone,
      companyLogo: config.companyLogo,
      companySignIn: config.directory?.buttonLabel ?? null,
    } satisfies RuntimeConfig;
  });

  app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', async (request, reply) => {
    const name = request.params.name;
    if (!Object.hasOwn(remoteNames, name)) return reply.callNotFound();
    const dist = remoteDist(name as RemoteKey);
    if (!fs.existsSync(dist)) return notBuilt(reply, `Das Modul „${name}“`);
    const file = fileInside(dist, request.params['*']);
    return file ? send(reply, file) : reply.callNotFound();
  });

  const landing = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const asset = fileInside(landingDist, request.params['*'] ?? '');
    if (asset && path.basename(asset) !== 'index.html') return send(reply, asset);
    return sendIndex(reply, landingDist, 'Die Kundenseite');
  };
  app.get('/landing', landing);
  app.get('/landing/*', landing);

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const wanted = request.params['*'];
    // Unknown API paths keep the API's JSON 404, never the shell's page.
    if (wanted === 'api' || wanted.startsWith('api/')) return reply.callNotFound();
    const file = fileInside(shellDist, wanted);
    if (file) return send(reply, file);
    // A missing script or image is a 404, not HTML that the browser would try to run as a script. A page
    // the browser navigates to is the app's to answer, even when its last segment has a dot (`/machines/a.b`).
    const navigation = request.headers.accept?.includes('text/html') ?? false;
    if (path.posix.basename(wanted).includes('.') && !navigation) return reply.callNotFound();
    return sendIndex(reply, shellDist, 'Die Mitarbeiteroberfläche');
  });
}
