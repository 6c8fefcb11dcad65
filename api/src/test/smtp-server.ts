import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it: the envelope, the raw message and its parsed parts. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of the mail jobs (api/src/platform/mail.ts)
 * and the e2e server: plain SMTP without TLS or sign-in, as a relay inside the company would be. `refuse` makes
 * it answer every mail with a temporary failure (a server that is down for a while). With `saveTo`, each mail is
 * also written there as JSON (recipients, subject, text, HTML), for tests in another process (e2e/global-setup.ts).
 */
export async function startSmtpServer({ saveTo }: { saveTo?: string } = {}) {
  const mails: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refuse) return callback(Object.assign(new Error('Mail system busy'), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          },
          raw,
          parsed: await simpleParser(raw),
        };
        mails.push(mail);
        if (saveTo)
          fs.writeFileSync(
            path.join(saveTo, `${String(mails.length).padStart(4, '0')}.json`),
            JSON.stringify({
              to: mail.envelope.to,
              subject: mail.parsed.subject,
              text: mail.parsed.text,
              html: mail.parsed.html,
            }),
          );
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    set refuse(value: boolean) {
      refuse = value;
    },
    /** Resolves once `count` mails have arrived. */
    async received(count: number) {
      while (mails.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
