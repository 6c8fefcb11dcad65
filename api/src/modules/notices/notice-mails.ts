import crypto from 'node:crypto';
import { apiPaths, landingUrl, NOTICE_SEVERITY_NAMES, type NoticeSeverity } from 'contracts';
import type { Db } from '../../db/database';
import { mailHtml, mailText, queueMail, type MailComposer } from '../../platform/mail';
import { hashToken } from '../auth/sessions.repository';
import type { RegistrationsRepository } from '../registrations/registrations.repository';
import {
  covers,
  noticeMailSubject,
  noticesRepository,
  type MailedNotice,
  type NoticesRepository,
} from './notices.repository';

/** The mail job's composer of a notice's mail to one registered owner (api/src/platform/mail.ts). */
const NOTICE_MAIL = 'notice-owner';

/**
 * Whether the law makes a severity's mail required: a safety notice or recall warns of a danger, which the
 * manufacturer must pass on to the users it can reach, so an owner cannot unsubscribe from it; an information
 * notice is not required and carries an unsubscribe link (docs/decisions/0045-registrations-and-mail.md).
 */
const REQUIRED: Record<NoticeSeverity, boolean> = { information: false, safety_notice: true, recall: true };

/** The notice mail's words, in the owner's language. */
const WORDS = {
  en: {
    hello: (owner: string) => `Hello ${owner},`,
    intro: (machine: string, serial: string) =>
      `the manufacturer has published a notice for your machine ${machine} with serial number ${serial}.`,
    page: "Open your machine's page",
    required:
      'You receive this e-mail because you registered this machine: safety notices and recalls always reach its registered owner.',
    optional:
      'You receive this information because you registered this machine. If you want no further information e-mails, unsubscribe here:',
    unsubscribe: 'Unsubscribe from information e-mails',
  },
  de: {
    hello: (owner: string) => `Guten Tag ${owner},`,
    intro: (machine: string, serial: string) =>
      `der Hersteller hat einen Hinweis zu Ihrer Maschine ${machine} mit der Seriennummer ${serial} veröffentlicht.`,
    page: 'Seite Ihrer Maschine öffnen',
    required:
      'Sie erhalten diese E-Mail, weil Sie diese Maschine registriert haben: Sicherheitshinweise und Rückrufe erreichen registrierte Besitzer immer.',
    optional:
      'Sie erhalten diese Information, weil Sie diese Maschine registriert haben. Wenn Sie keine weiteren Informations-E-Mails wünschen, melden Sie sich hier ab:',
    unsubscribe: 'Von Informations-E-Mails abmelden',
  },
} as const;

interface NoticeMailData {
  registration: number;
  notice: number;
}

const queue = (trx: Db, registration: number, notice: number) =>
  queueMail(trx, noticeMailSubject(registration, notice), NOTICE_MAIL, {
    registration,
    notice,
  } satisfies NoticeMailData);

/**
 * Safety notices mailed to the registered owners of the units they cover (issue 45): queued in the transaction
 * that publishes the notice, or that confirms a registration while a notice covering the unit is open; each mail
 * keyed by registration and notice, so an owner gets it once however often it is queued or its job runs.
 */
export function noticeMails(deps: { mailing: boolean; companyName: string }) {
  return {
    /** At publishing: a mail to every covered unit's owner who confirmed the address. Answers how many. */
    async queuePublished(trx: Db, notice: MailedNotice) {
      if (!deps.mailing) return 0;
      const owners = await noticesRepository(trx).confirmedOwners(notice);
      for (const registration of owners) await queue(trx, registration, notice.id);
      return owners.length;
    },

    /** At a registration's confirmation: the open notices covering its unit, each a mail. */
    async queueConfirmed(trx: Db, registration: { id: number; serial: string }) {
      const notices = noticesRepository(trx);
      const unit = await notices.issuedUnit(registration.serial);
      if (!unit) return;
      for (const notice of await notices.openFor(unit.machine_id))
        if (covers(notice, registration.serial, unit.tested_at)) await queue(trx, registration.id, notice.id);
    },

    /**
     * The mail, composed when the worker sends it: nothing when the registration was deleted, the notice closed
     * meanwhile, or the notice is not required and the owner unsubscribed. A mail that is not required gets a
     * fresh unsubscribe link (only its hash stored).
     */
    composers: ({
      registrations,
      notices,
    }: {
      registrations: RegistrationsRepository;
      notices: NoticesRepository;
    }): Record<string, MailComposer> => ({
      [NOTICE_MAIL]: async (data) => {
        const ids = data as NoticeMailData;
        const owner = await registrations.find(ids.registration);
        const [notice] = await notices.list({ id: ids.notice });
        if (!owner || owner.status !== 'active' || !owner.confirmed_at || !owner.confirm_origin) return null;
        if (!notice || notice.closed_at) return null;
        const required = REQUIRED[notice.severity];
        if (!required && owner.unsubscribed_at) return null;
        const language = owner.language;
        const words = WORDS[language];
        const page = landingUrl(owner.confirm_origin, notice.machine_id, owner.serial);
        let unsubscribe: { page: string; oneClick: string } | null = null;
        if (!required) {
          const token = crypto.randomBytes(32).toString('base64url');
          await registrations.addUnsubscribeToken(owner.id, hashToken(token), new Date());
          unsubscribe = {
            // The owner's button on the unit's page (the token in the fragment, which no server sees) …
            page: `${page}#unsubscribe=${token}`,
            // … and the mail program's one-click POST (RFC 8058), straight to the API.
            oneClick: `${owner.confirm_origin}/api${apiPaths.unsubscribe()}?token=${token}`,
          };
        }
        const title = language === 'de' ? notice.title_de : notice.title_en;
        const parts = [
          words.hello(owner.owner),
          words.intro(notice.machine_name, owner.serial),
          `${NOTICE_SEVERITY_NAMES[language][notice.severity]}: ${title}`,
          language === 'de' ? notice.text_de : notice.text_en,
          { href: page, label: words.page },
          ...(unsubscribe
            ? [words.optional, { href: unsubscribe.page, label: words.unsubscribe }]
            : [words.required]),
          deps.companyName,
        ];
        return {
          to: owner.email,
          subject: `${NOTICE_SEVERITY_NAMES[language][notice.severity]}: ${title} (${owner.serial})`,
          language,
          text: mailText(parts),
          html: mailHtml(language, parts),
          ...(unsubscribe && { unsubscribe: unsubscribe.oneClick }),
        };
      },
    }),
  };
}

export type NoticeMails = ReturnType<typeof noticeMails>;
