import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import {
  DOCUMENT_KIND_LABELS,
  GS1_DOCUMENT_LINK_TYPES,
  GS1_VOCABULARY,
  LINKSET_LINK_TYPES,
  LINKSET_MEDIA_TYPE,
  PLAN_LANGUAGES,
  gs1LinkType,
  gs1Path,
  gtin14,
  landingUrl,
  type DocumentKind,
  type RecallStatus,
  type UnitDocument,
} from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Services } from '../../dependencies';
import { messages } from '../../messages';
import { send as sendError } from '../../plugins/error-handler';
import { publicOrigin } from '../../http/public-origin';

/** The GS1 link type of the unit's test certificate; the EU declaration of conformity shares it. */
const CERTIFICATE_LINK_TYPE = 'certificationInfo';
/** The GS1 link type whose answer is the unit's safety notices and recalls (contracts' RecallStatus). */
const RECALL_LINK_TYPE = 'recallStatus';

/** The GS1 link type of the owner's registration (api/src/modules/registrations): the page's form. */
const REGISTER_LINK_TYPE = 'registerProduct';
/**
 * The GS1 link type of service: the spare parts documents, and a unit's service request form
 * (api/src/modules/service-requests).
 */
const SERVICE_LINK_TYPE = 'serviceInfo';

/** AI 21, the serial: up to 20 characters of GS1's character set 82 (GS1 General Specifications §7.11). */
const AI_21 = /^[!"%-?A-Z_a-z]{1,20}$/;

interface Link {
  href: string;
  title: string;
  type: string;
  hreflang?: string[];
}

/** The documents' language the customer asks for (`Accept-Language`), else English, German, any. */
function pickLanguage(
  documents: UnitDocument[],
  acceptLanguage: string | undefined,
): UnitDocument | undefined {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim().slice(0, 2).toLowerCase())
    .filter(Boolean);
  for (const language of [...wanted, 'en', 'de'])
    for (const document of documents) if (document.language === language) return document;
  return documents[0];
}

/**
 * The GS1 Digital Link resolver on `/01/{gtin}` and `/01/{gtin}/21/{serial}` (docs/decisions/0008-gs1-digital-link.md,
 * docs/decisions/0012-documents.md): without a link type the customer page; `?linkType=gs1:<type>` a 307 to
 * that link's target or 404 when there is none; `?linkType=linkset` or `Accept: application/linkset+json` the
 * RFC 9264 linkset; a `Link` header naming the linkset on every answer; 400 for a malformed GTIN or serial,
 * 404 for an unknown item; never 200 for an error. `/.well-known/gs1resolver` describes it.
 */
export default async function resolverRoutes(
  app: FastifyInstance,
  { services, config, serveFrontends }: { services: Services; config: Config; serveFrontends: boolean },
) {
  const { landing } = services;
  await app.register(rateLimit, { max: config.publicRateLimit, timeWindow: 60_000 });
  const landingIndex = path.join(
    path.resolve(config.webRoot),
    'mfe-landing',
    'dist',
    'standalone',
    'index.html',
  );
  // Without a trusted origin the links are relative to the address asked for, which RFC 9110 (Location) and
  // RFC 9264 (anchor) allow.
  const originOf = (request: FastifyRequest) => publicOrigin(config, request) ?? '';

  /** The customer page itself, with the status the resolver decided (the page reads its path and says why). */
  const customerPage = (reply: FastifyReply, status: number, fallback: string) => {
    if (serveFrontends && fs.existsSync(landingIndex))
      return reply
        .code(status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(landingIndex));
    // Frontends on another host (a CDN) answer /01/… themselves; here the default link is a redirect.
    if (status === 200) return reply.code(307).header('Location', fallback).send();
    return null;
  };

  const resolve = async (
    request: FastifyRequest<{ Querystring: { linkType?: string } }>,
    reply: FastifyReply,
  ) => {
    const params = request.params as { gtin: string; serial?: string };
    const origin = originOf(request);
    // Public and without credentials: any site's scanner app may ask (GS1 resolver rules ask for CORS).
    reply
      .header('Vary', 'Accept, Accept-Language')
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Expose-Headers', 'Link, Location');
    const linkType = request.query.linkType;
    const wantsLinkset =
      (linkType !== undefined && LINKSET_LINK_TYPES.includes(linkType)) ||
      (request.headers.accept ?? '').includes(LINKSET_MEDIA_TYPE);
    const wantsPage = linkType === undefined && !wantsLinkset;
    const fail = (status: 400 | 404, code: 'BAD_REQUEST' | 'NOT_FOUND', message: string) =>
      (wantsPage && customerPage(reply, status, '')) || sendError(reply, status, code, message);

    const gtin = gtin14(params.gtin);
    if (!gtin || (params.serial !== undefined && !AI_21.test(params.serial)))
      return fail(400, 'BAD_REQUEST', messages.gs1Malformed);
    const self = `${origin}${gs1Path(gtin, params.serial)}`;
    reply.header('Link', `<${self}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`);
    const machineId = await landing.machineIdByGtin(gtin, params.serial);
    const view = machineId === undefined ? undefined : await landing.view(machineId, params.serial);
    // An item is known when the machine is, and the serial (if any) was issued for it.
    const known = view && (params.serial === undefined || view.serial?.verified || view.serial?.withdrawn);
    if (!view || !known || machineId === undefined) return fail(404, 'NOT_FOUND', messages.gs1Unknown);
    const page = landingUrl(origin, machineId, params.serial);
    if (wantsPage) return customerPage(reply, 200, page);

    const byKind = new Map<DocumentKind, UnitDocument[]>();
    for (const document of view.documents ?? [])
      byKind.set(document.kind, [...(byKind.get(document.kind) ?? []), document]);
    // A released unit's sealed test certificate (docs/decisions/0020-sealed-certificate.md), in all six languages.
    const certificate: Link | undefined = view.serial?.certificate_pdf
      ? {
          href: `${origin}/api${view.serial.certificate_pdf}`,
          title: 'Test certificate (PDF) / Prüfbericht (PDF)',
          type: 'application/pdf',
          hreflang: [...PLAN_LANGUAGES],
        }
      : undefined;
    // Only a released unit can be registered: its customer page's registration form.
    const register: Link | undefined = view.serial?.verified
      ? {
          href: `${page}#register`,
          title: 'Register your machine / Maschine registrieren',
          type: 'text/html',
          hreflang: ['en', 'de'],
        }
      : undefined;
    // A unit issued to a customer (released, or withdrawn since) can ask for service: the page's form.
    const service: Link | undefined =
      params.serial !== undefined
        ? {
            href: `${page}#service`,
            title: 'Request service / Service anfragen',
            type: 'text/html',
            hreflang: ['en', 'de'],
          }
        : undefined;
    const documentLink = (document: UnitDocument): Link => ({
      href: `${origin}/api${document.href}`,
      title: `${DOCUMENT_KIND_LABELS[document.kind].en} (${document.language}), valid from ${document.valid_from}`,
      type: 'application/pdf',
      hreflang: [document.language],
    });

    if (wantsLinkset) {
      const pip: Link[] = [
        { href: page, title: `${view.name}: ${view.brand_name}`, type: 'text/html', hreflang: ['en', 'de'] },
      ];
      const linkset: Record<string, unknown> = {
        anchor: self,
        [`${GS1_VOCABULARY}defaultLink`]: pip,
        [`${GS1_VOCABULARY}pip`]: pip,
      };
      for (const [kind, type] of Object.entries(GS1_DOCUMENT_LINK_TYPES) as [DocumentKind, string][]) {
        const links = byKind.get(kind);
        if (links) linkset[`${GS1_VOCABULARY}${type}`] = links.map(documentLink);
      }
      // A unit's recall status is answered here, as a small JSON document (below).
      if (params.serial !== undefined)
        linkset[`${GS1_VOCABULARY}${RECALL_LINK_TYPE}`] = [
          {
            href: `${self}?linkType=gs1:${RECALL_LINK_TYPE}`,
            title: 'Recall status / Rückrufstatus',
            type: 'application/json',
          },
        ];
      // The unit's own sealed test certificate comes first among the certification links.
      if (certificate) {
        const key = `${GS1_VOCABULARY}${CERTIFICATE_LINK_TYPE}`;
        linkset[key] = [certificate, ...((linkset[key] as Link[] | undefined) ?? [])];
      }
      if (register) linkset[`${GS1_VOCABULARY}${REGISTER_LINK_TYPE}`] = [register];
      if (service) {
        const key = `${GS1_VOCABULARY}${SERVICE_LINK_TYPE}`;
        linkset[key] = [...((linkset[key] as Link[] | undefined) ?? []), service];
      }
      return (
        reply
          .header('Cache-Control', 'public, max-age=60')
          .type(LINKSET_MEDIA_TYPE)
          // A Buffer, so Fastify adds no charset: the media type of RFC 9264 has no parameters.
          .send(Buffer.from(JSON.stringify({ linkset: [linkset] })))
      );
    }

    const term = gs1LinkType(linkType!);
    if (term === 'pip' || term === 'defaultLink') return reply.code(307).header('Location', page).send();
    if (term === RECALL_LINK_TYPE && params.serial !== undefined) {
      // The open notices covering this unit, as the customer page shows them; none for any other unit.
      const notices = view.notices ?? [];
      const status: RecallStatus = {
        serial: params.serial,
        recalled: notices.some((notice) => notice.severity === 'recall'),
        notices,
      };
      return reply.header('Cache-Control', 'public, max-age=60').send(status);
    }
    if (term === CERTIFICATE_LINK_TYPE && certificate)
      return reply.code(307).header('Location', certificate.href).send();
    if (term === REGISTER_LINK_TYPE && register)
      return reply.code(307).header('Location', register.href).send();
    const kind = (Object.keys(GS1_DOCUMENT_LINK_TYPES) as DocumentKind[]).find(
      (candidate) => GS1_DOCUMENT_LINK_TYPES[candidate] === term,
    );
    const document = kind && pickLanguage(byKind.get(kind) ?? [], request.headers['accept-language']);
    // Service leads to the spare parts documents where there are some, else to the unit's service request.
    if (!document && term === SERVICE_LINK_TYPE && service)
      return reply.code(307).header('Location', service.href).send();
    if (!document) return sendError(reply, 404, 'NOT_FOUND', messages.gs1NoLink);
    return reply.code(307).header('Location', documentLink(document).href).send();
  };

  app.get('/01/:gtin', resolve);
  app.get('/01/:gtin/21/:serial', resolve);
  // Any other path under /01 (no GTIN, other qualifiers, extra segments) is not a Digital Link this resolver
  // reads; the two routes above are more specific, so the router tries them first.
  const malformed = (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Vary', 'Accept');
    return sendError(reply, 400, 'BAD_REQUEST', messages.gs1Malformed);
  };
  app.get('/01', malformed);
  app.get('/01/*', malformed);

  // The resolver rules ask for OPTIONS besides GET and HEAD: what may be asked, from any origin.
  app.options('/01/*', (_request, reply) =>
    reply
      .code(204)
      .header('Allow', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Accept, Accept-Language')
      .header('Access-Control-Max-Age', '600')
      .send(),
  );

  app.get('/.well-known/gs1resolver', async (request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').send({
      name: `${config.companyName}: Prüfbericht`,
      resolverRoot: originOf(request),
      supportedPrimaryKeys: ['gtin'],
      supportedLinkType: [{ namespace: GS1_VOCABULARY, prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: true,
      supportedContextValuesEnumerated: [],
    }),
  );
}
