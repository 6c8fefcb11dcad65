import fs from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';

/** A mail the test SMTP server received (api/src/test/smtp-server.ts, started by e2e/global-setup.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function received(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}

/** The (first) mail to `address` whose subject contains `subject`, once the server's worker has sent it. */
export async function mailTo(address: string, subject = ''): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  const wanted = (mail: ReceivedMail) => mail.to.includes(address) && mail.subject.includes(subject);
  await expect
    .poll(() => (found = received().find(wanted)) !== undefined, {
      message: `a mail to ${address} about ${subject}`,
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}
