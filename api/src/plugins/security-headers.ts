import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config';

/** The security headers of every answer (@fastify/helmet), from the configuration. */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  // Remotes deployed on their own hosts load scripts, styles and images from there.
  const remoteOrigins = Object.values(config.remoteManifests)
    .filter((url) => /^https?:/.test(url))
    .map((url) => new URL(url).origin);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        // react-select and react-toastify inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...remoteOrigins,
          // COMPANY_LOGO may live on the company's own web server.
          ...(config.companyLogo ? [new URL(config.companyLogo).origin] : []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remoteOrigins],
        // The staff print shows the archived PDF in a frame from a blob: URL (mfe-certificates' certificate-pdf.tsx).
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Images and remote chunks may be fetched by frontends on other hosts (docs/architecture.md#deployment).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Sent by app.ts only over TLS: over plain HTTP the header means nothing and misleads (RFC 6797 §7.2).
    strictTransportSecurity: false,
  };
}

/**
 * The same headers as a plain list, for answers written before any hook runs: a path Fastify cannot decode,
 * and malformed HTTP that Node refuses before there is a request (plugins/error-handler.ts).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(helmetOptions(config) as Parameters<typeof helmet>[0])({} as never, collect, () => {});
  return headers;
}
