import {
  SERVICE_REQUEST_MAX,
  type ServiceRequest,
  type ServiceRequestAnswer,
  type ServiceRequestDetail,
  type ServiceRequestStatus,
} from 'contracts';
import { badRequest, notFound } from '../../errors';
import { customerMessages } from '../../messages.de';
import { messages } from '../../messages';
import { addressKey } from '../../plugins/client-address';
import { textRefused } from '../../plugins/validation';
import { mailHtml, mailSendsRepository, mailText, queueMail, type MailComposer } from '../../platform/mail';
import type { InTransaction } from '../../platform/transactions';
import { auditQueries } from '../audit/audit.repository';
import type { LoginThrottleRepository, ThrottleRule } from '../auth/login-throttle.repository';
import { EMAIL, limitPublic } from '../registrations/registrations.service';
import type { ImageType } from '../uploads/image-check';
import type { ImageRefusals } from '../uploads/uploads.service';
import { serviceRequestsRepository, type ServiceRequestsRepository } from './service-requests.repository';

/** The public limits, kept in the database like the registrations' (api/src/modules/registrations). */
export const SERVICE_REQUEST_LIMITS = {
  address: { limit: 10, windowMinutes: 60, lockMinutes: 60 },
  serial: { limit: 5, windowMinutes: 24 * 60, lockMinutes: 24 * 60 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * How long a request is kept (README, "Service requests"): three years after it arrived, the longest warranty
 * makers grant (issue 45), then deleted with its photos and notes by the worker's housekeeping.
 */
export const SERVICE_REQUEST_RETENTION_YEARS = 3;

const CONFIRMATION = 'service-request-confirmation';
const LIST_LIMIT = 500;
const PHONE = /^\+?[0-9 ()/.-]{3,}$/;

/** What the customer sends in the multipart form (contracts' SERVICE_REQUEST_FIELDS), as text. */
export type ServiceRequestFields = Partial<
  Record<'text' | 'name' | 'email' | 'phone' | 'language' | 'website', string>
>;

/** A refused photo in the customer's two languages, named at the form's photo field. */
const PHOTO_REFUSALS: ImageRefusals = {
  uploadType: customerMessages.servicePhotoType,
  uploadBroken: customerMessages.servicePhotoBroken,
  uploadTooManyPixels: customerMessages.servicePhotoTooManyPixels,
  field: 'photo',
};

/** The fields, trimmed and in NFC; each wrong one named in English and German. */
function checked(body: ServiceRequestFields) {
  const value = (name: keyof ServiceRequestFields) => (body[name] ?? '').normalize('NFC').trim();
  const fields = {
    text: value('text'),
    name: value('name'),
    email: value('email'),
    phone: value('phone') || null,
    language: value('language'),
  };
  const wrong: Record<string, string> = {};
  if (!fields.text || fields.text.length > SERVICE_REQUEST_MAX.text || textRefused(fields.text, true))
    wrong.text = customerMessages.serviceRequestText;
  if (!fields.name || fields.name.length > SERVICE_REQUEST_MAX.name || textRefused(fields.name, false))
    wrong.name = customerMessages.serviceRequestName;
  if (!EMAIL.test(fields.email) || fields.email.length > SERVICE_REQUEST_MAX.email)
    wrong.email = customerMessages.paperRequestEmail;
  if (fields.phone && (!PHONE.test(fields.phone) || fields.phone.length > SERVICE_REQUEST_MAX.phone))
    wrong.phone = customerMessages.serviceRequestPhone;
  if (fields.language !== 'en' && fields.language !== 'de')
    wrong.language = customerMessages.serviceRequestLanguage;
  if (Object.keys(wrong).length) throw badRequest(customerMessages.paperRequestInvalid, wrong);
  return { ...fields, language: fields.language as 'en' | 'de' };
}

type Row = NonNullable<Awaited<ReturnType<ServiceRequestsRepository['find']>>>;
const toRequest = (row: Row): ServiceRequest => ({
  id: row.id,
  serial: row.serial,
  status: row.status,
  text: row.text,
  name: row.name,
  email: row.email,
  phone: row.phone,
  language: row.language,
  photos: Number(row.photos),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The confirmation mail's words, in the customer's language. */
const CONFIRMATION_WORDS = {
  en: {
    subject: 'We have received your service request',
    hello: (name: string) => `Hello ${name},`,
    body: (serial: string) =>
      `we have received your service request for the machine with serial number ${serial} and will get in touch ` +
      'with you. What you wrote:',
  },
  de: {
    subject: 'Wir haben Ihre Serviceanfrage erhalten',
    hello: (name: string) => `Guten Tag ${name},`,
    body: (serial: string) =>
      `wir haben Ihre Serviceanfrage zur Maschine mit der Seriennummer ${serial} erhalten und melden uns bei Ihnen. ` +
      'Ihre Beschreibung:',
  },
} as const;

/**
 * Customers ask for service from the page of a unit that was issued to them (issue 45): what happened, up to three
 * photos checked like every image, and how to reach them; where mail is configured they get a confirmation.
 * Staff who may see owners' data (access 'release') work through the requests with a status and notes; a request
 * is deleted on request and at the end of its retention (docs/decisions/0045-service-requests.md).
 */
export function serviceRequestsService(deps: {
  requests: ServiceRequestsRepository;
  inTransaction: InTransaction;
  throttle: LoginThrottleRepository;
  /** The image check of every upload (api/src/modules/uploads/uploads.service.ts), with its queue. */
  checkImage: (bytes: Buffer, words: ImageRefusals) => Promise<ImageType>;
  /** Whether SMTP_URL is set. */
  mailing: boolean;
}) {
  const { requests } = deps;

  const limit = (keys: { key: string; rule: ThrottleRule }[]) =>
    limitPublic(deps.throttle, keys, customerMessages.serviceRequestTooMany);

  async function detail(id: number): Promise<ServiceRequestDetail> {
    const row = await requests.find(id);
    if (!row) throw notFound(messages.serviceRequestNotFound);
    return { ...toRequest(row), notes: await requests.notes(id) };
  }

  return {
    /**
     * A customer's request for `serial`. A filled-in honeypot is answered like a request and stores nothing; a
     * serial that is unknown, failed or not yet released gets one answer, so nothing is learnt from it.
     */
    async submit(
      serial: string,
      body: ServiceRequestFields,
      photos: Buffer[],
      address: string,
    ): Promise<ServiceRequestAnswer> {
      const mailed = deps.mailing;
      // As the registrations: the address counts every attempt, the serial only well-formed ones.
      await limit([
        { key: `service-request-address:${addressKey(address)}`, rule: SERVICE_REQUEST_LIMITS.address },
      ]);
      if (body.website) return { mailed };
      const fields = checked(body);
      await limit([{ key: `service-request-serial:${serial}`, rule: SERVICE_REQUEST_LIMITS.serial }]);
      if (!(await requests.issuedUnit(serial))) throw notFound(customerMessages.serviceRequestUnitUnknown);
      // Last, as the dearest check: decoding every pixel of up to three photos.
      const checkedPhotos: { bytes: Buffer; mime: string }[] = [];
      for (const bytes of photos)
        checkedPhotos.push({ bytes, mime: (await deps.checkImage(bytes, PHOTO_REFUSALS)).mime });
      await deps.inTransaction(async (trx) => {
        const id = await serviceRequestsRepository(trx).add(
          { serial, ...fields, created_at: new Date().toISOString() },
          checkedPhotos,
        );
        if (mailed) await queueMail(trx, `service-request:${id}:confirmation`, CONFIRMATION, { id });
        await auditQueries(trx).record({
          accountId: null,
          action: 'service_request.received',
          subject: { type: 'unit', id: serial },
          details: { request_id: id, photos: checkedPhotos.length },
        });
      });
      return { mailed };
    },

    async list(status?: ServiceRequestStatus) {
      const [rows, newCount] = await Promise.all([requests.list(status, LIST_LIMIT), requests.newCount()]);
      return { data: rows.map(toRequest), new_count: newCount };
    },

    detail,

    async photo(id: number, position: number) {
      const photo = await requests.photo(id, position);
      if (!photo) throw notFound(messages.serviceRequestPhotoNotFound);
      return photo;
    },

    async addNote(id: number, text: string, accountId: number) {
      await deps.inTransaction(async (trx) => {
        const found = await serviceRequestsRepository(trx).find(id);
        if (!found) throw notFound(messages.serviceRequestNotFound);
        await serviceRequestsRepository(trx).addNote(id, accountId, text.trim(), new Date().toISOString());
        await auditQueries(trx).record({
          accountId,
          action: 'service_request.note_added',
          subject: { type: 'unit', id: found.serial },
          details: { request_id: id },
        });
      });
      return detail(id);
    },

    async setStatus(id: number, status: ServiceRequestStatus, accountId: number) {
      await deps.inTransaction(async (trx) => {
        const before = await serviceRequestsRepository(trx).setStatus(id, status, new Date().toISOString());
        if (!before) throw notFound(messages.serviceRequestNotFound);
        if (before.status !== status)
          await auditQueries(trx).record({
            accountId,
            action: 'service_request.status_changed',
            subject: { type: 'unit', id: before.serial },
            details: { request_id: id, before: { status: before.status }, after: { status } },
          });
      });
      return detail(id);
    },

    /**
     * Deleted on the customer's request with its photos and notes; the recipient of its mail is forgotten, and the
     * unit's history keeps that a request was made and deleted, never by whom.
     */
    async remove(id: number, reason: string, accountId: number) {
      await deps.inTransaction(async (trx) => {
        const removed = await serviceRequestsRepository(trx).remove(id);
        if (!removed) throw notFound(messages.serviceRequestNotFound);
        await mailSendsRepository(trx).forget(`service-request:${id}:`);
        await auditQueries(trx).record({
          accountId,
          action: 'service_request.deleted',
          subject: { type: 'unit', id: removed.serial },
          details: { request_id: id, reason: reason.trim() },
        });
      });
    },
  };
}

/**
 * What the worker does for service requests (api/src/work.ts): compose the confirmation mail when it is sent, and
 * delete what is past SERVICE_REQUEST_RETENTION_YEARS.
 */
export function serviceRequestsUpkeep(deps: {
  requests: ServiceRequestsRepository;
  inTransaction: InTransaction;
  companyName: string;
}) {
  return {
    /** The confirmation mail; nothing when the request was deleted meanwhile. */
    mailComposers: (): Record<string, MailComposer> => ({
      [CONFIRMATION]: async (data) => {
        const row = await deps.requests.find((data as { id: number }).id);
        if (!row) return null;
        const words = CONFIRMATION_WORDS[row.language];
        const parts = [words.hello(row.name), words.body(row.serial), row.text, deps.companyName];
        return {
          to: row.email,
          subject: words.subject,
          language: row.language,
          text: mailText(parts),
          html: mailHtml(row.language, parts),
        };
      },
    }),

    async expire(now: Date) {
      const before = new Date(now);
      before.setUTCFullYear(before.getUTCFullYear() - SERVICE_REQUEST_RETENTION_YEARS);
      await deps.inTransaction(async (trx) => {
        for (const { id, serial } of await serviceRequestsRepository(trx).removeBefore(
          before.toISOString(),
        )) {
          await mailSendsRepository(trx).forget(`service-request:${id}:`);
          await auditQueries(trx).record({
            accountId: null,
            action: 'service_request.deleted',
            subject: { type: 'unit', id: serial },
            details: { request_id: id, reason: 'retention' },
          });
        }
      });
    },
  };
}
