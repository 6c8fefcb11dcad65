import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRepositories } from '../dependencies';
import { createTestDatabase, kinds, type TestDatabase } from '../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { jobRunner } from './job-runner';
import { MAIL_JOB, escapeHtml, mailHtml, mailText, mailWork, queueMail, type Mail } from './mail';

const FROM = 'pruefbericht@bds.example';

test('escapeHtml leaves no character that opens markup or an attribute', () => {
  assert.equal(
    escapeHtml(`<script>alert("x")</script> & 'y'`),
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
  );
  const parts = [
    '<b>Erika</b>\nZeile 2',
    { href: 'https://bds.example/landing/1/A?x=1&y="2"', label: '<Link>' },
  ];
  assert.equal(
    mailHtml('de', parts),
    '<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body><p>&lt;b&gt;Erika&lt;/b&gt;<br>Zeile 2</p>' +
      '<p><a href="https://bds.example/landing/1/A?x=1&amp;y=&quot;2&quot;">&lt;Link&gt;</a></p></body></html>',
  );
  assert.equal(mailText(parts), '<b>Erika</b>\nZeile 2\n\nhttps://bds.example/landing/1/A?x=1&y="2"');
});

for (const kind of kinds) {
  describe(`mail jobs on ${kind}`, () => {
    let testDb: TestDatabase;
    let smtp: TestSmtpServer;
    let repositories: ReturnType<typeof createRepositories>;
    /** What the test composer answers for a subject's data, by the data's `name`. */
    const composed = new Map<string, Mail | null>();
    const runner = () =>
      jobRunner({
        jobs: repositories.jobs,
        handlers: mailWork(repositories.mailSends, { url: smtp.url, from: FROM }, 'BDS Maschinen GmbH', {
          test: async (data) => composed.get((data as { name: string }).name) ?? null,
        }),
        log: { info: () => undefined, error: () => undefined },
      });
    const mail = (to: string, subject = 'Betreff'): Mail => ({
      to,
      subject,
      text: 'Text äöü',
      html: mailHtml('de', ['Text äöü']),
      language: 'de',
    });

    before(async () => {
      testDb = await createTestDatabase(kind);
      repositories = createRepositories(testDb.database);
      smtp = await startSmtpServer();
    });
    after(async () => {
      await smtp.close();
      await testDb.drop();
    });

    test('a queued mail is sent by the worker as text and HTML, recorded, and not sent again', async () => {
      composed.set('first', mail('erika@example.com'));
      await queueMail(testDb.database.db, 'test:1', 'test', { name: 'first' });
      await runner().untilIdle();
      const [received] = await smtp.received(1);
      assert.deepEqual(received.envelope, { from: FROM, to: ['erika@example.com'] });
      assert.equal(received.parsed.subject, 'Betreff');
      assert.equal(received.parsed.text?.trim(), 'Text äöü');
      assert.match(String(received.parsed.html), /<p>Text äöü<\/p>/);
      assert.equal(received.parsed.headers.get('content-language'), 'de');
      assert.equal(received.parsed.from?.value[0].name, 'BDS Maschinen GmbH');
      const [send] = await repositories.mailSends.of('test:1');
      assert.deepEqual([send.state, send.recipient, send.error], ['sent', 'erika@example.com', null]);
      // The same subject again (a job repeated after a crash): its mail is recorded as sent, so it stays one.
      await queueMail(testDb.database.db, 'test:1', 'test', { name: 'first' });
      await runner().untilIdle();
      assert.equal(smtp.mails.length, 1);
      assert.equal((await repositories.mailSends.of('test:1')).length, 1);
    });

    test('a refused send is recorded and tried again later; the next try delivers it', async () => {
      composed.set('busy', mail('max@example.com'));
      smtp.refuse = true;
      const id = await queueMail(testDb.database.db, 'test:2', 'test', { name: 'busy' });
      await runner().untilIdle();
      const job = await repositories.jobs.byId(id);
      assert.equal(job?.state, 'queued');
      assert.match(String(job?.error), /451/);
      assert.ok(Date.parse(job!.run_after) > Date.now(), 'the next try waits');
      const [failed] = await repositories.mailSends.of('test:2');
      assert.equal(failed.state, 'failed');
      assert.match(String(failed.error), /451/);
      smtp.refuse = false;
      await testDb.database.db
        .updateTable('jobs')
        .set({ run_after: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      const before = smtp.mails.length;
      await runner().untilIdle();
      await smtp.received(before + 1);
      assert.deepEqual(
        (await repositories.mailSends.of('test:2')).map((send) => send.state),
        ['failed', 'sent'],
      );
      assert.equal((await repositories.jobs.byId(id))?.state, 'done');
    });

    test('a line break in the recipient or the subject is never sent: no header can be added', async () => {
      const before = smtp.mails.length;
      composed.set('bcc', mail('erika@example.com\r\nBcc: alle@evil.example'));
      composed.set('subject', mail('erika@example.com', 'Hallo\r\nBcc: alle@evil.example'));
      const ids = [
        await queueMail(testDb.database.db, 'test:3', 'test', { name: 'bcc' }),
        await queueMail(testDb.database.db, 'test:4', 'test', { name: 'subject' }),
      ];
      await runner().untilIdle();
      for (const id of ids) {
        const job = await repositories.jobs.byId(id);
        assert.match(String(job?.error), /Zeilenumbruch in Empfänger oder Betreff/);
      }
      // A list of addresses in one recipient is one (invalid) address, never two recipients.
      composed.set('list', mail('erika@example.com, alle@evil.example'));
      await queueMail(testDb.database.db, 'test:5', 'test', { name: 'list' });
      await runner().untilIdle();
      for (const received of smtp.mails.slice(before))
        assert.ok(!received.envelope.to.includes('alle@evil.example'), received.raw);
      assert.ok(!smtp.mails.some((received) => /^bcc:/im.test(received.raw)));
    });

    test('nothing to send (the composer answers null): the job is done, no mail, no record', async () => {
      const before = smtp.mails.length;
      const id = await queueMail(testDb.database.db, 'test:6', 'test', { name: 'gone' });
      await runner().untilIdle();
      assert.equal((await repositories.jobs.byId(id))?.state, 'done');
      assert.equal(smtp.mails.length, before);
      assert.deepEqual(await repositories.mailSends.of('test:6'), []);
    });

    test('without SMTP_URL a mail job fails visibly instead of pretending', async () => {
      const handlers = mailWork(repositories.mailSends, null, 'BDS', {});
      await assert.rejects(
        handlers[MAIL_JOB]({ id: 0, subject: 'x', payload: '{}' } as never, {
          progress: async () => undefined,
        }),
        /SMTP_URL ist nicht gesetzt/,
      );
    });
  });
}
