import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { JobHandler } from './job-runner';
import { jobsRepository } from './jobs.repository';

/** The job kind that sends one mail; its subject names what the mail is about, and it is sent once. */
export const MAIL_JOB = 'send-mail';

/** The customer's languages (the customer page's two, mfe-landing). */
export type MailLanguage = 'en' | 'de';

/** One mail, composed when it is sent: plain text and the same as simple HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: MailLanguage;
  /**
   * The one-click unsubscribe address (RFC 8058) of a mail that is not required: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post`, so the mail program's own button unsubscribes with one POST.
   */
  unsubscribe?: string;
}

/**
 * Composes a mail when its job runs, from what the change that queued it stored (a registration's id), so no
 * secret waits in the jobs table; null when there is nothing to send any more (the registration was deleted).
 */
export type MailComposer = (data: unknown) => Promise<Mail | null>;

interface MailPayload {
  composer: string;
  data: unknown;
}

/** A line break in a header would start a header of its own (a `Bcc:` the sender never meant). */
const HEADER_BREAK = /[\r\n]/;

/** Text put into HTML: every character that could open markup or an attribute, as an entity. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** A link in a mail: an http(s) address the composer built, and its words. */
export interface MailLink {
  href: string;
  label: string;
}

/**
 * The simple HTML twin of a plain-text mail: each paragraph escaped (line breaks kept), each link a paragraph
 * of its own with its address escaped too.
 */
export function mailHtml(language: MailLanguage, parts: (string | MailLink)[]) {
  const body = parts.map((part) =>
    typeof part === 'string'
      ? `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`
      : `<p><a href="${escapeHtml(part.href)}">${escapeHtml(part.label)}</a></p>`,
  );
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head><body>${body.join('')}</body></html>`;
}

/** The plain text of the same parts: a link as its address on a line of its own. */
export const mailText = (parts: (string | MailLink)[]) =>
  parts.map((part) => (typeof part === 'string' ? part : part.href)).join('\n\n');

/** Asks for a mail inside the change's transaction `db`: sent by the worker, at most once per `subject`. */
export function queueMail(db: Db, subject: string, composer: string, data: unknown) {
  return jobsRepository(db).enqueue({
    kind: MAIL_JOB,
    subject,
    payload: { composer, data } satisfies MailPayload,
  });
}

/** The record of every try to send a mail (migration 2026-11-29T11-00-registrations). */
export function mailSendsRepository(db: Db) {
  return {
    async record(send: {
      subject: string;
      jobId: number;
      recipient: string;
      messageId?: string;
      error?: string;
    }) {
      await db
        .insertInto('mail_sends')
        .values({
          subject: send.subject,
          job_id: send.jobId,
          recipient: send.recipient,
          state: send.error === undefined ? 'sent' : 'failed',
          error: send.error ?? null,
          message_id: send.messageId ?? null,
          at: new Date().toISOString(),
        })
        .execute();
    },
    async sent(subject: string) {
      const row = await db
        .selectFrom('mail_sends')
        .select('id')
        .where('subject', '=', subject)
        .where('state', '=', 'sent')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The tries for `subject`, oldest first. */
    of: (subject: string) =>
      db.selectFrom('mail_sends').selectAll().where('subject', '=', subject).orderBy('id').execute(),
    /** The recipients of mails about subjects beginning with `prefix` are forgotten (personal data deleted). */
    async forget(prefix: string) {
      await db
        .updateTable('mail_sends')
        .set({ recipient: '' })
        .where('subject', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
        .execute();
    },
  };
}

export type MailSendsRepository = ReturnType<typeof mailSendsRepository>;

/**
 * The worker's mail job (api/src/work.ts): composes the mail, sends it over SMTP_URL as MAIL_FROM and records
 * each try. A failed send throws, so the job runner tries again with its pauses (api/src/platform/job-runner.ts);
 * a mail recorded as sent is not sent again when its job is repeated after a crash.
 */
export function mailWork(
  sends: MailSendsRepository,
  mail: Config['mail'],
  senderName: string,
  composers: Record<string, MailComposer>,
): Record<string, JobHandler> {
  let transport: Transporter | null = null;
  return {
    [MAIL_JOB]: async (job) => {
      if (!mail) throw new Error('SMTP_URL ist nicht gesetzt: die E-Mail kann nicht gesendet werden');
      if (await sends.sent(job.subject)) return;
      const { composer, data } = JSON.parse(job.payload) as MailPayload;
      const compose = composers[composer];
      if (!compose) throw new Error(`Unbekannte E-Mail-Art „${composer}“`);
      const composed = await compose(data);
      if (!composed) return;
      if (
        [composed.to, composed.subject, composed.unsubscribe ?? ''].some((value) => HEADER_BREAK.test(value))
      )
        throw new Error('Zeilenumbruch in Empfänger oder Betreff: die E-Mail wird nicht gesendet');
      transport ??= nodemailer.createTransport(mail.url);
      try {
        const info = await transport.sendMail({
          from: { name: senderName, address: mail.from },
          // An address object: nodemailer takes it as one address and parses no list out of it.
          to: { name: '', address: composed.to },
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          headers: {
            'Content-Language': composed.language,
            ...(composed.unsubscribe && {
              'List-Unsubscribe': `<${composed.unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }),
          },
        });
        await sends.record({
          subject: job.subject,
          jobId: job.id,
          recipient: composed.to,
          messageId: info.messageId,
        });
      } catch (error) {
        const reason = (error as Error).message;
        await sends.record({ subject: job.subject, jobId: job.id, recipient: composed.to, error: reason });
        throw error;
      }
    },
  };
}
