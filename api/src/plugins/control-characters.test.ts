import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPaths } from 'contracts';
import { messages } from '../messages';
import { apiUrl, auth, createTestApp, kinds, type TestApp } from '../test/harness';

for (const kind of kinds) {
  describe(`control characters in text fields on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const paperRequest = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.paperRequests()),
        payload: {
          document_id: 999_999,
          name: 'Erika Muster',
          address: 'Weg 1',
          email: 'e@example.com',
          ...fields,
        },
      });

    test('the public paper-copy form refuses them in every one-line field, naming it in German', async () => {
      for (const [field, value] of [
        ['name', 'Erika\r\nBcc: alle@example.com'],
        ['name', 'Erika\tMuster'],
        ['email', 'e@example.com\n'],
        ['serial', 'SN\u0085123'],
        ['name', 'Erika\u2028Muster'],
        ['address', 'Weg 1\u001b[31m'],
      ]) {
        const response = await paperRequest({ [field]: value });
        assert.equal(response.statusCode, 400, `${field}: ${JSON.stringify(value)} ${response.body}`);
        const { error } = response.json();
        assert.equal(error.code, 'VALIDATION');
        assert.equal(error.fields[field], messages.fieldControlCharacter, response.body);
      }
      // The address is several lines: line breaks pass the check (and the unknown document is what is refused).
      const address = await paperRequest({ address: 'Erika Muster\r\nWeg 1\n12345 Ort' });
      assert.equal(address.statusCode, 404, address.body);
    });

    test('staff fields refuse them too: a brand name with a line break', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(apiPaths.brandCreate()),
        headers: auth(t.token),
        payload: {
          name: 'Marke\nZwei',
          logo: '',
          email: 'info@example.com',
          website_link: 'https://example.com',
        },
      });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().error.fields.name, messages.fieldControlCharacter);
    });
  });
}
