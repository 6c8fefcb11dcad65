import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { apiPaths, type StaffLanguage } from 'contracts';
import { CATALOGS, messages } from '../messages';
import { apiUrl, auth, createTestApp, kinds, type TestApp } from '../test/harness';

const PASSWORD = 'ein-gutes-Passwort-9';

for (const kind of kinds) {
  describe(`the API's messages in the caller's language on ${kind}`, () => {
    let t: TestApp;
    const tokens = {} as Record<StaffLanguage, string>;
    before(async () => {
      t = await createTestApp(kind);
      tokens.de = t.token;
      for (const language of ['en', 'pl'] as const) {
        const email = `${language}@example.com`;
        const id = await t.repositories.users.add({ email, password: PASSWORD }, { N: 2 ** 10, r: 8, p: 1 });
        await t.repositories.users.setLanguage(id, language);
        tokens[language] = await t.login(email, PASSWORD);
      }
    });
    after(() => t.close());

    const missingCertificate = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: apiUrl(apiPaths.certificate(999_999)), headers });
    // Unknown accounts, each once: no account lock, and fewer than the 30 attempts that lock the address.
    let attempt = 0;
    const wrongPassword = (acceptLanguage?: string) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.login()),
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        payload: { username: `niemand-${attempt++}@example.com`, password: 'falsches-Passwort-1' },
      });

    test("a signed-in account's errors are in its language, whatever the request's Accept-Language", async () => {
      const german = await missingCertificate(auth(tokens.de));
      assert.equal(german.statusCode, 404);
      assert.deepEqual(german.json(), {
        error: { code: 'NOT_FOUND', message: 'Prüfbericht nicht gefunden.' },
      });
      const english = await missingCertificate({ ...auth(tokens.en), 'accept-language': 'pl' });
      assert.deepEqual(english.json().error, { code: 'NOT_FOUND', message: 'Certificate not found.' });
      const polish = await missingCertificate({ ...auth(tokens.pl), 'accept-language': 'en-GB' });
      assert.deepEqual(polish.json().error, {
        code: 'NOT_FOUND',
        message: 'Nie znaleziono protokołu badania.',
      });
      const germanAnyway = await missingCertificate({ ...auth(tokens.de), 'accept-language': 'pl-PL' });
      assert.equal(germanAnyway.json().error.message, 'Prüfbericht nicht gefunden.');
    });

    test('before sign-in the first staff language of Accept-Language by weight decides; German otherwise', async () => {
      for (const [header, language] of [
        ['pl-PL,pl;q=0.9', 'pl'],
        ['en-US', 'en'],
        ['fr', 'de'],
        ['fr-FR, en;q=0.3, pl;q=0.8', 'pl'],
        ['de;q=0.1, en;q=0.9', 'en'],
        ['pl;q=0, en', 'en'],
        ['*', 'de'],
        [undefined, 'de'],
      ] as const) {
        const response = await wrongPassword(header);
        assert.equal(response.statusCode, 401, response.body);
        assert.deepEqual(
          response.json().error,
          { code: 'LOGIN_FAILED', message: CATALOGS[language].loginFailed },
          String(header),
        );
      }
      assert.equal((await wrongPassword('pl')).json().error.message, 'Nieprawidłowy adres e-mail lub hasło.');
      assert.equal((await wrongPassword()).json().error.message, 'E-Mail oder Passwort ist falsch.');
    });

    test("a validation error's message and its fields are translated, Ajv's and the services' alike", async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.login()),
        headers: { 'accept-language': 'pl-PL,pl;q=0.9' },
        payload: {},
      });
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().error, {
        code: 'VALIDATION',
        message: 'Sprawdź zaznaczone pola.',
        fields: { username: 'Pole obowiązkowe', password: 'Pole obowiązkowe' },
      });
      const brand = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.brandCreate()),
          headers: auth(token),
          payload: { name: ' ', email: 'keine-adresse', website_link: 'ftp://x' },
        });
      const german = await brand(tokens.de);
      assert.equal(german.statusCode, 400, german.body);
      assert.deepEqual(german.json().error.fields, {
        name: 'Pflichtfeld',
        email: 'Bitte eine gültige E-Mail-Adresse eingeben',
        website_link: 'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
      });
      const english = (await brand(tokens.en)).json().error;
      assert.equal(english.message, 'Please check the marked fields.');
      assert.deepEqual(english.fields, {
        name: 'Required field',
        email: 'Please enter a valid e-mail address',
        website_link: 'Please enter a valid address starting with http:// or https://',
      });
      const polish = (await brand(tokens.pl)).json().error;
      assert.deepEqual(polish.fields, {
        name: 'Pole obowiązkowe',
        email: 'Wpisz prawidłowy adres e-mail',
        website_link: 'Wpisz prawidłowy adres zaczynający się od http:// lub https://',
      });
    });

    test("Fastify's own errors (broken JSON, a broken or unknown address) are translated too", async () => {
      const brokenJson = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.brandCreate()),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"name": ',
        });
      assert.deepEqual((await brokenJson(auth(tokens.pl))).json().error, {
        code: 'BAD_REQUEST',
        message: 'Żądanie nie zawiera prawidłowych danych JSON.',
      });
      assert.equal(
        (await brokenJson(auth(tokens.en))).json().error.message,
        'The request does not contain valid JSON.',
      );
      assert.equal(
        (await brokenJson({ ...auth(tokens.de), 'accept-language': 'en' })).json().error.message,
        'Die Anfrage enthält kein gültiges JSON.',
      );
      const loginJson = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.login()),
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
        payload: '{',
      });
      assert.equal(loginJson.json().error.message, 'The request does not contain valid JSON.');
      const badPath = await t.app.inject({
        method: 'GET',
        url: '/api/brand/%E0%A4%A',
        headers: { 'accept-language': 'en-GB' },
      });
      assert.deepEqual(badPath.json().error, { code: 'BAD_REQUEST', message: 'The request is invalid.' });
      const nowhere = await t.app.inject({
        method: 'GET',
        url: '/api/gibt-es-nicht',
        headers: { 'accept-language': 'pl' },
      });
      assert.deepEqual(nowhere.json().error, { code: 'NOT_FOUND', message: 'Taki adres nie istnieje.' });
      const expired = await missingCertificate({ ...auth('x'.repeat(43)), 'accept-language': 'en' });
      assert.deepEqual(expired.json().error, {
        code: 'UNAUTHORIZED',
        message: 'Your session has expired, please sign in',
      });
    });

    test("over a real connection too, where Fastify reads a late body on the socket's events", async () => {
      // app.inject hands the body over in the caller's async context, and so does a socket whose body came
      // with the headers; one that comes later arrives on the connection's own, and Fastify's body parser
      // takes it back into the request's (plugins/request-language.ts relies on that).
      const address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
      const post = (body: string) =>
        new Promise<unknown>((resolve, reject) => {
          const request = http.request(
            {
              host: address.hostname,
              port: address.port,
              method: 'POST',
              path: apiUrl(apiPaths.brandCreate()),
              headers: {
                ...auth(tokens.pl),
                'content-type': 'application/json',
                'content-length': body.length,
              },
            },
            (response) => {
              let text = '';
              response.on('data', (chunk) => (text += chunk));
              response.on('end', () => resolve(JSON.parse(text)));
            },
          );
          request.on('error', reject);
          request.flushHeaders();
          setTimeout(() => request.end(body), 100);
        });
      assert.deepEqual(await post('{"name": '), {
        error: { code: 'BAD_REQUEST', message: 'Żądanie nie zawiera prawidłowych danych JSON.' },
      });
      assert.deepEqual(await post(JSON.stringify({ name: ' ' })), {
        error: {
          code: 'BAD_REQUEST',
          message: 'Sprawdź zaznaczone pola.',
          fields: { name: 'Pole obowiązkowe' },
        },
      });
    });

    test('requests in different languages at the same time each get their own', async () => {
      const languages = ['pl', 'de', 'en'] as const;
      const login = (language: StaffLanguage, payload: string) =>
        t.app.inject({
          method: 'POST',
          url: apiUrl(apiPaths.login()),
          headers: { 'content-type': 'application/json', 'accept-language': `${language}-XX` },
          payload,
        });
      // An account's language read with its session, a validation error and a broken body by Accept-Language.
      const calls = Array.from({ length: 36 }, async (_, i) => {
        const language = languages[i % 3];
        const catalog = CATALOGS[language];
        const [response, expected] =
          i % 4 === 0
            ? [await missingCertificate(auth(tokens[language])), catalog.certificateNotFound]
            : i % 4 === 1
              ? [await login(language, '{}'), catalog.checkFields]
              : i % 4 === 2
                ? [await login(language, '{"username": '), catalog.invalidJson]
                : [await missingCertificate({ 'accept-language': language }), catalog.unauthorized];
        return { language, message: response.json().error.message, expected };
      });
      for (const { language, message, expected } of await Promise.all(calls))
        assert.equal(message, expected, language);
    });

    test('a changed language holds from the next request on; outside a request messages are German', async () => {
      const put = (language: StaffLanguage) =>
        t.app.inject({
          method: 'PUT',
          url: apiUrl('/me/language'),
          headers: auth(tokens.en),
          payload: { language },
        });
      assert.equal((await put('pl')).statusCode, 204);
      assert.equal(
        (await missingCertificate(auth(tokens.en))).json().error.message,
        'Nie znaleziono protokołu badania.',
      );
      assert.equal((await put('en')).statusCode, 204);
      assert.equal(messages.certificateNotFound, 'Prüfbericht nicht gefunden.');
    });
  });
}
