import { Type, type Static } from '@sinclair/typebox';

/**
 * An owner's registration of a unit from its customer page (api/src/modules/registrations). Only the types are
 * checked by these schemas; the API checks the rest itself, so that the customer reads the answer in English
 * and German with the field named.
 */
export const REGISTRATION_MAX = { owner: 200, email: 254, dealer: 200 } as const;

/**
 * The consent the owner gives, by version: a new wording is a new version, and each registration stores the
 * version and the text it was given with. The customer page shows the text of CONSENT_VERSION.
 */
export const CONSENT_VERSION = '2026-11';
export const CONSENT_TEXTS: Record<string, { en: string; de: string }> = {
  '2026-11': {
    en:
      'I agree that the manufacturer stores my name or company, e-mail address, country, date of purchase and dealer ' +
      'with this serial number, to reach me about safety notices, recalls and warranty for this machine. I can ask ' +
      'for my data to be deleted at any time.',
    de:
      'Ich bin einverstanden, dass der Hersteller meinen Namen oder meine Firma, E-Mail-Adresse, Land, Kaufdatum und ' +
      'Händler zu dieser Seriennummer speichert, um mich zu Sicherheitshinweisen, Rückrufen und Garantie dieser ' +
      'Maschine zu erreichen. Ich kann jederzeit verlangen, dass meine Daten gelöscht werden.',
  },
};

/** Hours a confirmation link stays valid. */
export const REGISTRATION_LINK_HOURS = 48;

export const RegistrationBody = Type.Object({
  owner: Type.String(),
  email: Type.String(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: Type.String(),
  purchased_on: Type.String(),
  dealer: Type.Optional(Type.String()),
  language: Type.Union([Type.Literal('en'), Type.Literal('de')]),
  consent: Type.Boolean(),
  consent_version: Type.String(),
  /** Left empty by people: the field is hidden on the page, and only a robot fills it in. */
  website: Type.Optional(Type.String()),
});
export type RegistrationBody = Static<typeof RegistrationBody>;

/** Whether a mail with a confirmation link goes out (SMTP_URL is set); without, the registration is stored only. */
export const RegistrationAnswer = Type.Object({ mailed: Type.Boolean() });
export type RegistrationAnswer = Static<typeof RegistrationAnswer>;

export const RegistrationConfirmBody = Type.Object({ token: Type.String({ maxLength: 100 }) });
export type RegistrationConfirmBody = Static<typeof RegistrationConfirmBody>;

/**
 * The unsubscribe link of a mail that is not required (docs/decisions/0045-registrations-and-mail.md): its token
 * in the query, as RFC 8058's one-click POST sends the List-Unsubscribe address unchanged.
 */
export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

/** A registration as the staff list shows it to the roles that may see owners (access 'release'). */
export const Registration = Type.Object({
  id: Type.Integer(),
  serial: Type.String(),
  /** 'conflict': the unit was registered already; staff settle it with both owners. */
  status: Type.Union([Type.Literal('active'), Type.Literal('conflict')]),
  owner: Type.String(),
  email: Type.String(),
  country: Type.String(),
  purchased_on: Type.String(),
  dealer: Type.Union([Type.String(), Type.Null()]),
  language: Type.String(),
  consent_version: Type.String(),
  /** Whether a confirmation link was mailed, and when it was followed. */
  mailed: Type.Boolean(),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** When the owner unsubscribed from information mails (recalls and safety notices still go out). */
  unsubscribed_at: Type.Union([Type.String(), Type.Null()]),
});
export type Registration = Static<typeof Registration>;
export const RegistrationList = Type.Object({ data: Type.Array(Registration) });
export type RegistrationList = Static<typeof RegistrationList>;
export const RegistrationsQuery = Type.Object({ serial: Type.Optional(Type.String({ maxLength: 100 })) });
export type RegistrationsQuery = Static<typeof RegistrationsQuery>;
/** Deleting a registration on the owner's request: why, for the audit trail (which keeps no owner data). */
export const RegistrationDeleteBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) });
export type RegistrationDeleteBody = Static<typeof RegistrationDeleteBody>;
