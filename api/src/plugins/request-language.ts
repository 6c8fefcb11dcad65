import type { StaffLanguage } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedLanguage, inLanguageContext, type LanguageContext } from '../language';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of its answers (api/src/language.ts); null only for an error before routing. */
    languageContext: LanguageContext | null;
  }
}

/**
 * Every request is answered in its `Accept-Language` (German when it names no staff language) until its token
 * is checked (plugins/access.ts): `messages` (api/src/messages.ts) resolve in it wherever they are read. The
 * first hook of all, so that the other hooks' refusals speak it too. Fastify keeps the context while it reads the
 * body (its content-type parser runs the rest in the request's async scope), so validation, the handler and the
 * error handler are in it as well.
 */
export function registerRequestLanguage(app: FastifyInstance) {
  app.decorateRequest('languageContext', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.languageContext = { language: acceptedLanguage(request.headers['accept-language']) };
    inLanguageContext(request.languageContext, done);
  });
}

/** The request's context; for an error before routing (no hook ran) one from its `Accept-Language`. */
export function languageContextOf(request: FastifyRequest): LanguageContext {
  return request.languageContext ?? { language: acceptedLanguage(request.headers['accept-language']) };
}

/** From now on the request is answered in `language`: the signed-in account's. */
export function answerIn(request: FastifyRequest, language: StaffLanguage) {
  if (request.languageContext) request.languageContext.language = language;
}
