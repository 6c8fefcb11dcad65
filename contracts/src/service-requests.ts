import { Type, type Static } from '@sinclair/typebox';
import { multiline } from './text-lines';

/**
 * Service requests from a unit's customer page (api/src/modules/service-requests,
 * docs/decisions/0045-service-requests.md): the customer sends what happened, up to three photos and how to reach
 * them; staff who may see owners' data work through them in the inbox.
 */

export const SERVICE_REQUEST_MAX = { text: 4000, name: 200, email: 254, phone: 40, note: 2000 } as const;
/** Photos a request may carry, each checked like every image (api/src/modules/uploads/image-check.ts). */
export const SERVICE_REQUEST_PHOTOS = 3;

/**
 * The public POST is multipart/form-data: these text fields and up to SERVICE_REQUEST_PHOTOS files in the field
 * `photo`, so that the request and its photos arrive (and are refused) together, and no photo is ever stored
 * without a request. `website` is the honeypot, left empty by people.
 */
export const SERVICE_REQUEST_FIELDS = ['text', 'name', 'email', 'phone', 'language', 'website'] as const;
export const SERVICE_REQUEST_PHOTO_FIELD = 'photo';

export const SERVICE_REQUEST_STATUSES = ['new', 'in_progress', 'done'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  new: 'neu',
  in_progress: 'in Bearbeitung',
  done: 'erledigt',
};

const Literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Whether a confirmation mail goes out (SMTP_URL is set). */
export const ServiceRequestAnswer = Type.Object({ mailed: Type.Boolean() });
export type ServiceRequestAnswer = Static<typeof ServiceRequestAnswer>;

export const ServiceRequestNote = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  /** The account's name (its e-mail when it has none). */
  author: Type.String(),
  at: Type.String(),
});
export type ServiceRequestNote = Static<typeof ServiceRequestNote>;

/** A request as the inbox shows it to the roles that may see owners (access 'release'). */
export const ServiceRequest = Type.Object({
  id: Type.Integer(),
  serial: Type.String(),
  status: Literals(SERVICE_REQUEST_STATUSES),
  text: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  language: Type.String(),
  /** How many photos it carries: each read at apiPaths.serviceRequestPhoto(id, 1 … photos). */
  photos: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ServiceRequest = Static<typeof ServiceRequest>;
export const ServiceRequestList = Type.Object({
  data: Type.Array(ServiceRequest),
  /** The new ones among all requests, whatever the filter. */
  new_count: Type.Integer(),
});
export type ServiceRequestList = Static<typeof ServiceRequestList>;
export const ServiceRequestDetail = Type.Composite([
  ServiceRequest,
  Type.Object({ notes: Type.Array(ServiceRequestNote) }),
]);
export type ServiceRequestDetail = Static<typeof ServiceRequestDetail>;

export const ServiceRequestsQuery = Type.Object({
  status: Type.Optional(Literals(SERVICE_REQUEST_STATUSES)),
});
export type ServiceRequestsQuery = Static<typeof ServiceRequestsQuery>;
export const ServiceRequestStatusBody = Type.Object({ status: Literals(SERVICE_REQUEST_STATUSES) });
export type ServiceRequestStatusBody = Static<typeof ServiceRequestStatusBody>;
export const ServiceRequestNoteBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: SERVICE_REQUEST_MAX.note, ...multiline }),
});
export type ServiceRequestNoteBody = Static<typeof ServiceRequestNoteBody>;
/** Deleting a request on the customer's request: why, for the audit trail (which keeps no customer data). */
export const ServiceRequestDeleteBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type ServiceRequestDeleteBody = Static<typeof ServiceRequestDeleteBody>;
