import { Type, type Static } from '@sinclair/typebox';
import { multiline } from './text-lines';
import { DOCUMENT_KINDS } from './documents';

/**
 * Every ISO 639-1 code (184), so a typo such as "dt" for German is refused rather than stored as a language
 * no customer's phone asks for.
 */
export const ISO_639_1 = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el ' +
    'en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it ' +
    'iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt ' +
    'my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl ' +
    'sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo ' +
    'za zh zu'
  ).split(' '),
);

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/** One stored version of a document, as the staff screen lists it. */
export const DocumentVersion = Type.Object({
  id: Type.Integer(),
  machine_id: Type.Integer(),
  kind: Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind))),
  language: Type.String(),
  /** The day (Europe/Berlin) from which this version applies. */
  valid_from: Day,
  size: Type.Integer(),
  sha256: Type.String(),
  file_name: Type.String(),
  created_at: Type.String(),
  /** The version of the same kind and language that follows this one, when one does. */
  superseded_by: Type.Union([Type.Integer(), Type.Null()]),
});
export type DocumentVersion = Static<typeof DocumentVersion>;
export const DocumentVersionList = Type.Object({ data: Type.Array(DocumentVersion) });
export type DocumentVersionList = Static<typeof DocumentVersionList>;

/** What a customer sees of one document in one language: the version in force on the unit's day, maybe a newer one. */
export const UnitDocument = Type.Object({
  kind: Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind))),
  language: Type.String(),
  id: Type.Integer(),
  valid_from: Day,
  size: Type.Integer(),
  /** The download's path below the API base, ending in a meaningful file name. */
  href: Type.String(),
  /** A version valid from a later day than the unit's issue day; shown as newer. */
  newer: Type.Optional(
    Type.Object({ id: Type.Integer(), valid_from: Day, size: Type.Integer(), href: Type.String() }),
  ),
});
export type UnitDocument = Static<typeof UnitDocument>;

/**
 * A customer's request for a paper copy; text fields are stored as plain text, never as markup. Only the types
 * are checked here: the API checks the rest itself so that a customer reads its answer in English and German.
 */
export const PaperRequestBody = Type.Object({
  /** The version shown to the customer: it names the machine, the kind and the language. */
  document_id: Type.Integer({ minimum: 1 }),
  serial: Type.Optional(Type.String()),
  name: Type.String(),
  address: Type.String(multiline),
  email: Type.String(),
});
export type PaperRequestBody = Static<typeof PaperRequestBody>;

export const PaperRequest = Type.Object({
  id: Type.Integer(),
  machine_id: Type.Integer(),
  machine_name: Type.String(),
  serial: Type.String(),
  kind: Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind))),
  language: Type.String(),
  /** Empty once erased. */
  name: Type.String(),
  address: Type.String(),
  email: Type.String(),
  created_at: Type.String(),
  /** The day by which the copy must be sent. */
  due: Day,
  sent_on: Type.Union([Day, Type.Null()]),
  erased: Type.Boolean(),
});
export type PaperRequest = Static<typeof PaperRequest>;
export const PaperRequestList = Type.Object({ data: Type.Array(PaperRequest) });
export type PaperRequestList = Static<typeof PaperRequestList>;
export const PaperRequestSentBody = Type.Object({ sent_on: Day });
export type PaperRequestSentBody = Static<typeof PaperRequestSentBody>;
