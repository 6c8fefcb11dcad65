import crypto from 'node:crypto';
import { REGISTRATION_LINK_HOURS, landingUrl } from 'contracts';
import { mailHtml, mailText, type MailComposer } from '../../platform/mail';
import { hashToken } from '../auth/sessions.repository';
import type { RegistrationsRepository } from './registrations.repository';

/** The mail job's composer of the confirmation mail (api/src/platform/mail.ts). */
export const CONFIRMATION = 'registration-confirmation';

/** The confirmation mail's words, in the owner's language. */
const CONFIRMATION_WORDS = {
  en: {
    subject: 'Please confirm the registration of your machine',
    hello: (owner: string) => `Hello ${owner},`,
    body: (serial: string) =>
      `thank you for registering your machine with serial number ${serial}. Please confirm your e-mail address ` +
      `within ${REGISTRATION_LINK_HOURS} hours with this link:`,
    link: 'Confirm registration',
    ignore:
      'If you did not register, please ignore this e-mail: without confirmation the registration is deleted.',
  },
  de: {
    subject: 'Bitte bestätigen Sie die Registrierung Ihrer Maschine',
    hello: (owner: string) => `Guten Tag ${owner},`,
    body: (serial: string) =>
      `vielen Dank für die Registrierung Ihrer Maschine mit der Seriennummer ${serial}. Bitte bestätigen Sie ` +
      `Ihre E-Mail-Adresse innerhalb von ${REGISTRATION_LINK_HOURS} Stunden mit diesem Link:`,
    link: 'Registrierung bestätigen',
    ignore:
      'Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail bitte: ohne Bestätigung wird die Registrierung gelöscht.',
  },
} as const;

/**
 * The confirmation mail, composed when the worker sends it: a fresh link (only its hash stored), so no token
 * waits in the jobs table. Nothing when the registration was deleted or confirmed meanwhile. Required: it is
 * the double opt-in itself, so it carries no unsubscribe link.
 */
export const confirmationComposer = (
  registrations: RegistrationsRepository,
  companyName: string,
): Record<string, MailComposer> => ({
  [CONFIRMATION]: async (data) => {
    const row = await registrations.find((data as { id: number }).id);
    if (!row || row.confirmed_at || !row.confirm_origin) return null;
    const unit = await registrations.releasedUnit(row.serial);
    if (!unit) return null;
    const token = crypto.randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + REGISTRATION_LINK_HOURS * 3_600_000);
    if (!(await registrations.setToken(row.id, hashToken(token), expires))) return null;
    // In the fragment: the browser never sends it to a server, so no access log or proxy keeps it.
    const link = `${landingUrl(row.confirm_origin, unit.machine_id, row.serial)}#confirm=${token}`;
    const words = CONFIRMATION_WORDS[row.language];
    const parts = [
      words.hello(row.owner),
      words.body(row.serial),
      { href: link, label: words.link },
      words.ignore,
      companyName,
    ];
    return {
      to: row.email,
      subject: words.subject,
      language: row.language,
      text: mailText(parts),
      html: mailHtml(row.language, parts),
    };
  },
});
