/**
 * A static host as a CDN is set up for the apps (README.md#deploying-one-remote): one folder on one origin,
 * every file readable from any origin (CORS), hashed files cached for good, everything else `no-cache`, the
 * precompressed `.br`/`.gz` beside a file sent to browsers that take them. Files are looked up on every request,
 * so copying a new build into the folder deploys it. `--spa` answers unknown paths with `index.html`, and paths
 * under `/landing/` with `landing/index.html` (the standalone customer page).
 *
 * Run as its own process: `node --import tsx e2e/support/static-server.ts <folder> <host> [--spa]`; it prints
 * `listening <origin>` once it listens on a free port.
 */
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { HASHED } from './deployment';

const [root, host, ...flags] = process.argv.slice(2);
const spa = flags.includes('--spa');

const app = Fastify();
await app.register(cors, { origin: '*' });
await app.register(fastifyStatic, {
  root: path.resolve(root),
  preCompressed: true,
  cacheControl: false,
  setHeaders: (reply, file) =>
    reply.header(
      'Cache-Control',
      HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ),
});
app.setNotFoundHandler((request, reply) => {
  if (!spa || request.method !== 'GET') return reply.code(404).send('not found');
  const page = request.url.startsWith('/landing/') ? 'landing/index.html' : 'index.html';
  return reply.header('Cache-Control', 'no-cache').sendFile(page);
});
const address = await app.listen({ host, port: 0 });
console.log(`listening ${address}`);
