import {
  CONSENT_TEXTS,
  CONSENT_VERSION,
  REGISTRATION_MAX,
  berlinIsoDate,
  landingUrl,
  type Registration,
  type RegistrationAnswer,
  type RegistrationBody,
} from 'contracts';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { addressKey } from '../../plugins/client-address';
import { mailSendsRepository, queueMail } from '../../platform/mail';
import { CONFIRMATION } from './confirmation-mail';
import type { InTransaction } from '../../platform/transactions';
import type { Db } from '../../db/database';
import { auditQueries } from '../audit/audit.repository';
import type { LoginThrottleRepository, ThrottleRule } from '../auth/login-throttle.repository';
import { ThrottledError } from '../auth/sign-in-throttle';
import { hashToken } from '../auth/sessions.repository';
import { registrationsRepository, type RegistrationsRepository } from './registrations.repository';

/**
 * The public limits, kept in the database (the sign-in throttle's table, api/src/modules/auth/login-throttle.repository.ts)
 * so that every API instance counts alike: per client address, and per serial, whoever asks.
 */
export const REGISTRATION_LIMITS = {
  address: { limit: 10, windowMinutes: 60, lockMinutes: 60 },
  serial: { limit: 5, windowMinutes: 24 * 60, lockMinutes: 24 * 60 },
  confirm: { limit: 30, windowMinutes: 60, lockMinutes: 60 },
  unsubscribe: { limit: 30, windowMinutes: 60, lockMinutes: 60 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Counts a public call against every key; a locked one refuses it with `message` and when to try again (the
 * registrations', and the service requests' in api/src/modules/service-requests).
 */
export async function limitPublic(
  throttle: LoginThrottleRepository,
  keys: { key: string; rule: ThrottleRule }[],
  message: string,
) {
  const reservation = await throttle.reserve(keys);
  if (reservation.refused) {
    const seconds = Math.max(1, Math.ceil((reservation.refused.until.getTime() - Date.now()) / 1000));
    throw new ThrottledError('TOO_MANY_REQUESTS', message, seconds);
  }
}

const DAY_MS = 86_400_000;
/**
 * How long owners' data is kept (README, "Registrations"): an address whose link ran out unconfirmed 7 days
 * after that; a conflicting second registration 90 days (staff settle it within that); every registration
 * 10 years, as long as the machine's documents are kept for recalls (api/src/modules/documents).
 */
export const REGISTRATION_RETENTION = { unconfirmedDays: 7, conflictDays: 90, years: 10 } as const;

const LIST_LIMIT = 1000;

/** No comma, semicolon, quote or bracket: a mail library would read a list of addresses or a name out of them. */
export const EMAIL = /^[^\s@<>,;"'()[\]\\]+@[^\s@<>,;"'()[\]\\]+\.[^\s@<>,;"'()[\]\\]+$/;
const COUNTRY = /^[A-Z]{2}$/;

/** The fields of a registration, trimmed; each wrong one named in English and German. */
function checked(body: RegistrationBody, today: string) {
  const text = {
    owner: body.owner.trim(),
    email: body.email.trim(),
    country: body.country.trim().toUpperCase(),
    purchased_on: body.purchased_on.trim(),
    dealer: body.dealer?.trim() || null,
  };
  const fields: Record<string, string> = {};
  if (!text.owner || text.owner.length > REGISTRATION_MAX.owner) fields.owner = messages.registrationOwner;
  if (!EMAIL.test(text.email) || text.email.length > REGISTRATION_MAX.email)
    fields.email = messages.paperRequestEmail;
  if (!COUNTRY.test(text.country)) fields.country = messages.registrationCountry;
  // A real calendar day: Date.parse takes 2026-02-30 as 2 March, so the day must read back the same.
  const parsed = Date.parse(`${text.purchased_on}T00:00:00Z`);
  const day = !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === text.purchased_on;
  if (!day || text.purchased_on > today || text.purchased_on < '2000-01-01')
    fields.purchased_on = messages.registrationPurchasedOn;
  if (text.dealer && text.dealer.length > REGISTRATION_MAX.dealer)
    fields.dealer = messages.registrationDealer;
  if (body.consent !== true) fields.consent = messages.registrationConsent;
  else if (body.consent_version !== CONSENT_VERSION) fields.consent = messages.registrationConsentVersion;
  if (Object.keys(fields).length) throw badRequest(messages.paperRequestInvalid, fields);
  return text;
}

const toRegistration = (
  row: Awaited<ReturnType<RegistrationsRepository['find']>> & object,
): Registration => ({
  id: row.id,
  serial: row.serial,
  status: row.status,
  owner: row.owner,
  email: row.email,
  country: row.country,
  purchased_on: row.purchased_on,
  dealer: row.dealer,
  language: row.language,
  consent_version: row.consent_version,
  mailed: row.confirm_origin !== null,
  confirmed_at: row.confirmed_at,
  created_at: row.created_at,
  unsubscribed_at: row.unsubscribed_at,
});

/**
 * Owners register a released unit from its customer page (issue 45): the registration is stored with the consent
 * text it was given with; where mail is configured, a link confirms the address (double opt-in). One registration
 * per serial: a second one is refused on the page, without naming the first owner, and kept for staff as a
 * conflict. Owners' data is seen by the quality department and administrators only, deleted on request and at
 * the end of REGISTRATION_RETENTION (docs/decisions/0045-registrations-and-mail.md).
 */
export function registrationsService(deps: {
  registrations: RegistrationsRepository;
  inTransaction: InTransaction;
  throttle: LoginThrottleRepository;
  /** Whether SMTP_URL is set. */
  mailing: boolean;
  companyName: string;
  /** In the confirmation's transaction: the mails of open notices covering the unit (notices/notice-mails.ts). */
  onConfirmed: (trx: Db, registration: { id: number; serial: string }) => Promise<void>;
}) {
  const { registrations } = deps;

  const limit = (keys: { key: string; rule: ThrottleRule }[]) =>
    limitPublic(deps.throttle, keys, messages.registrationTooMany);

  return {
    /**
     * A customer's registration of `serial`. `origin` is where the confirmation link leads (null: it cannot be
     * built, so nothing is mailed). A filled-in honeypot is answered like a registration and stores nothing.
     */
    async register(
      serial: string,
      body: RegistrationBody,
      client: { address: string; origin: string | null },
    ): Promise<RegistrationAnswer> {
      const mailed = deps.mailing && client.origin !== null;
      // The address counts every attempt; the serial only well-formed ones, so that a customer's typing errors
      // do not use up the serial's few tries.
      await limit([
        { key: `registration-address:${addressKey(client.address)}`, rule: REGISTRATION_LIMITS.address },
      ]);
      if (body.website) return { mailed };
      const now = new Date();
      const fields = checked(body, berlinIsoDate(now));
      await limit([{ key: `registration-serial:${serial}`, rule: REGISTRATION_LIMITS.serial }]);
      if (!(await registrations.releasedUnit(serial))) throw notFound(messages.registrationUnitUnknown);
      const added = await deps.inTransaction(async (trx) => {
        const row = await registrationsRepository(trx).add(
          {
            serial,
            ...fields,
            language: body.language,
            consent_version: CONSENT_VERSION,
            consent_text: CONSENT_TEXTS[CONSENT_VERSION][body.language],
            confirm_origin: mailed ? client.origin : null,
            created_at: now.toISOString(),
          },
          now,
        );
        if (row.status === 'active' && mailed)
          await queueMail(trx, `registration:${row.id}:confirmation`, CONFIRMATION, { id: row.id });
        await auditQueries(trx).record({
          accountId: null,
          action: 'unit.registered',
          subject: { type: 'unit', id: serial },
          details: { status: row.status },
        });
        return row;
      });
      if (added.status === 'conflict') throw conflict(messages.registrationTaken);
      return { mailed };
    },

    /** Follows a confirmation link: once, before it runs out. */
    async confirm(token: string, address: string) {
      await limit([
        { key: `registration-confirm:${addressKey(address)}`, rule: REGISTRATION_LIMITS.confirm },
      ]);
      const hash = hashToken(token);
      const found = await registrations.byToken(hash);
      const now = new Date();
      if (!found) throw notFound(messages.registrationLinkInvalid);
      if (!found.token_expires_at || found.token_expires_at < now.toISOString())
        throw notFound(messages.registrationLinkExpired);
      const confirmed = await deps.inTransaction(async (trx) => {
        if (!(await registrationsRepository(trx).confirm(found.id, hash, now))) return false;
        await deps.onConfirmed(trx, found);
        return true;
      });
      if (!confirmed) throw notFound(messages.registrationLinkInvalid);
    },

    /**
     * Follows a mail's unsubscribe link (RFC 8058's one-click POST, or the owner's button on the unit's page):
     * no further mail that is not required. Following it again answers the same; the answer never says whose.
     */
    async unsubscribe(token: string, address: string) {
      await limit([{ key: `unsubscribe:${addressKey(address)}`, rule: REGISTRATION_LIMITS.unsubscribe }]);
      if (!(await registrations.unsubscribe(hashToken(token), new Date())))
        throw notFound(messages.unsubscribeLinkInvalid);
    },

    /**
     * The unit's page that asks before it unsubscribes, for a mail program that opens the List-Unsubscribe
     * address in the browser (a GET, which must change nothing: mail scanners follow links).
     */
    async unsubscribePage(token: string, address: string) {
      await limit([{ key: `unsubscribe:${addressKey(address)}`, rule: REGISTRATION_LIMITS.unsubscribe }]);
      const found = await registrations.unsubscribePage(hashToken(token));
      if (!found?.confirm_origin) throw notFound(messages.unsubscribeLinkInvalid);
      return `${landingUrl(found.confirm_origin, found.machine_id, found.serial)}#unsubscribe=${token}`;
    },

    async list(serial?: string): Promise<Registration[]> {
      return (await registrations.list(serial?.trim() || undefined, LIST_LIMIT)).map(toRegistration);
    },

    /**
     * Deleted on the owner's request: the row and the recipients of its mails go; the unit's history keeps that
     * it was registered and that the registration was deleted, never by whom.
     */
    async remove(id: number, reason: string, accountId: number) {
      await deps.inTransaction(async (trx) => {
        const removed = await registrationsRepository(trx).remove(id);
        if (!removed) throw notFound(messages.registrationNotFound);
        await mailSendsRepository(trx).forget(`registration:${id}:`);
        await auditQueries(trx).record({
          accountId,
          action: 'registration.deleted',
          subject: { type: 'unit', id: removed.serial },
          details: { reason: reason.trim() },
        });
      });
    },

    /** Deletes what is past REGISTRATION_RETENTION (the worker's housekeeping, api/src/work.ts). */
    async expire(now: Date) {
      const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
      const anyBefore = new Date(now);
      anyBefore.setUTCFullYear(anyBefore.getUTCFullYear() - REGISTRATION_RETENTION.years);
      await deps.inTransaction(async (trx) => {
        const removed = await registrationsRepository(trx).removePast({
          unconfirmedLinkBefore: before(REGISTRATION_RETENTION.unconfirmedDays),
          conflictBefore: before(REGISTRATION_RETENTION.conflictDays),
          anyBefore: anyBefore.toISOString(),
        });
        for (const { id, serial } of removed) {
          await mailSendsRepository(trx).forget(`registration:${id}:`);
          await auditQueries(trx).record({
            accountId: null,
            action: 'registration.deleted',
            subject: { type: 'unit', id: serial },
            details: { reason: 'retention' },
          });
        }
      });
    },
  };
}

export type RegistrationsService = ReturnType<typeof registrationsService>;
