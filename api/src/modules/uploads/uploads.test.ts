import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from 'contracts';
import { drawPng } from '../../db/demo-images';
import { messages } from '../../messages';
import { auth, createTestApp, kinds, type TestApp } from '../../test/harness';
import { IMAGE_CHECKS } from './uploads.service';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Real images, made here: a PNG, a baseline JPEG and a 1×1 GIF. */
const png = (seed = 0) => drawPng(8, 8, (x, y) => [(x * 30 + seed) % 256, y * 30, 128]);
const jpg = () => {
  const width = 16;
  const height = 16;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([i % 256, (i * 3) % 256, 90, 255], i);
  return Buffer.from(jpeg.encode({ data, width, height }, 90).data);
};
const gif = () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}
/** A valid black 1-bit greyscale PNG of any size: 40,000 × 40,000 is 200 KB on disk, 6.4 GB as RGBA. */
function blackPng(width: number, height: number, idat?: Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = idat ?? zlib.deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, byte for byte. */
function multipart(parts: Part[]) {
  const boundary = `----pruefbericht${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field ?? 'file'}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function assertError(response: LightMyRequestResponse, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().error.message, message, response.body);
  assert.doesNotMatch(response.body, /stack|\.ts:\d+|node_modules/);
}

for (const kind of kinds) {
  describe(`uploads on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const post = (
      payload: Buffer | string,
      contentType: string,
      headers: Record<string, string> = auth(t.token),
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { ...headers, 'content-type': contentType },
      });
    const upload = (parts: Part[], headers?: Record<string, string>) => {
      const { payload, contentType } = multipart(parts);
      return post(payload, contentType, headers);
    };
    const uploadFile = (data: Buffer, filename = 'bild.png', type = 'image/png') =>
      upload([{ filename, type, data }]);
    const get = (name: string) => t.app.inject({ url: `/api/uploads/${name}` });
    const storedCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    /** Upload `bytes`, expect its content-hash path, and read it back exactly as stored. */
    async function assertRoundTrip(bytes: Buffer, ext: string, mime: string, filename: string, type: string) {
      const response = await uploadFile(bytes, filename, type);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { path: `uploads/${sha256(bytes)}.${ext}` });
      const served = await get(`${sha256(bytes)}.${ext}`);
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], mime);
      assert.deepEqual(served.rawPayload, bytes);
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.equal(served.headers['content-security-policy'], "default-src 'none'; sandbox");
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(served.headers['cross-origin-resource-policy'], 'cross-origin');
    }

    test('a real PNG is stored under its SHA-256 and served with its type, nosniff, CSP and immutable caching', async () => {
      await assertRoundTrip(png(1), 'png', 'image/png', 'logo.png', 'image/png');
    });

    test('a real JPEG is stored as .jpg and served as image/jpeg', async () => {
      await assertRoundTrip(jpg(), 'jpg', 'image/jpeg', 'foto.jpeg', 'image/jpeg');
    });

    test('a real GIF is stored as .gif and served as image/gif', async () => {
      await assertRoundTrip(gif(), 'gif', 'image/gif', 'punkt.gif', 'image/gif');
    });

    test('the type comes from the bytes, not from the file name or the claimed type', async () => {
      await assertRoundTrip(png(2), 'png', 'image/png', 'foto.gif', 'image/gif');
      await assertRoundTrip(png(3), 'png', 'image/png', 'x.html', 'text/html');
    });

    test('the same content uploaded twice gets the same path and is stored once', async () => {
      const bytes = png(4);
      const first = await uploadFile(bytes, 'a.png');
      const second = await uploadFile(bytes, 'b.png');
      assert.equal(first.statusCode, 200);
      assert.equal(second.statusCode, 200);
      assert.deepEqual(second.json(), first.json());
      const rows = await t.db
        .selectFrom('uploads')
        .select('sha256')
        .where('sha256', '=', sha256(bytes))
        .execute();
      assert.equal(rows.length, 1);
      const different = await uploadFile(png(5));
      assert.notEqual(different.json().path, first.json().path);
    });

    test('concurrent uploads of the same content all succeed with one path', async () => {
      const bytes = png(6);
      const responses = await Promise.all([1, 2, 3, 4].map(() => uploadFile(bytes)));
      assert.deepEqual(
        responses.map((r) => r.statusCode),
        [200, 200, 200, 200],
        responses.map((r) => r.body).join('\n'),
      );
      assert.equal(new Set(responses.map((r) => r.json().path)).size, 1);
    });

    test('HTML, SVG named .png, text and an empty file are refused with 415 and nothing is stored', async () => {
      const before = await storedCount();
      for (const [data, filename, type] of [
        [html, 'bild.png', 'image/png'],
        [html, 'seite.html', 'text/html'],
        [svg, 'logo.png', 'image/png'],
        [svg, 'logo.svg', 'image/svg+xml'],
        [Buffer.from('nur Text'), 'bild.gif', 'image/gif'],
        [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'bild.jpg', 'image/jpeg'],
        [Buffer.alloc(0), 'leer.png', 'image/png'],
      ] as const) {
        assertError(await uploadFile(Buffer.from(data), filename, type), 415, messages.uploadType);
      }
      assert.equal(await storedCount(), before);
    });

    test('a truncated PNG, JPEG or GIF is refused with 415 as broken', async () => {
      const before = await storedCount();
      for (const [whole, name] of [
        [png(7), 'halb.png'],
        [jpg(), 'halb.jpg'],
      ] as const) {
        const half = whole.subarray(0, Math.floor(whole.length / 2));
        assertError(await uploadFile(half, name), 415, messages.uploadBroken);
      }
      assertError(await uploadFile(jpg().subarray(0, -2), 'ohne-ende.jpg'), 415, messages.uploadBroken);
      assertError(await uploadFile(png(8).subarray(0, -12), 'ohne-iend.png'), 415, messages.uploadBroken);
      assertError(await uploadFile(gif().subarray(0, -1), 'ohne-ende.gif'), 415, messages.uploadBroken);
      assert.equal(await storedCount(), before);
    });

    test('an image bomb is refused by its pixel count before anything is decoded', async () => {
      const before = await storedCount();
      const bomb = blackPng(40_000, 40_000);
      assert.ok(bomb.length < UPLOAD_MAX_BYTES);
      // A header that claims the pixels with almost no data behind it, and one just over the limit.
      const claim = blackPng(40_000, 40_000, zlib.deflateSync(Buffer.alloc(10)));
      const justOver = blackPng(5001, 5000);
      for (const bytes of [bomb, claim, justOver])
        assertError(await uploadFile(bytes), 413, messages.uploadTooManyPixels);
      assert.equal(await storedCount(), before);
      const atLimit = await uploadFile(blackPng(5000, 5000));
      assert.equal(atLimit.statusCode, 200, atLimit.body);
    });

    test('a file that only starts like an image is refused: every pixel is decoded', async () => {
      const before = await storedCount();
      const htmlGif = Buffer.concat([Buffer.from('GIF89a'), html, Buffer.from(';')]);
      assertError(await uploadFile(htmlGif, 'bild.gif', 'image/gif'), 415, messages.uploadBroken);
      // Right header and chunks, but the pixel data is HTML, not deflate.
      assertError(await uploadFile(blackPng(8, 8, html)), 415, messages.uploadBroken);
      // A JPEG's start and JFIF header, then HTML instead of frame and scan, then its end marker.
      const fake = Buffer.concat([jpg().subarray(0, 20), html, Buffer.from([0xff, 0xd9])]);
      assertError(await uploadFile(fake, 'bild.jpg', 'image/jpeg'), 415, messages.uploadBroken);
      assert.equal(await storedCount(), before);
    });

    test('a second file in one upload is refused, not ignored', async () => {
      const before = await storedCount();
      const file = (data: Buffer) => ({ filename: 'bild.png', type: 'image/png', data });
      assertError(await upload([file(png(30)), file(png(31))]), 400, messages.uploadOneFile);
      assertError(
        await upload([file(png(32)), { ...file(png(33)), field: 'other' }]),
        400,
        messages.uploadOneFile,
      );
      assert.equal(await storedCount(), before);
      // Text fields beside the one file are fine.
      const withField = await upload([{ field: 'title', data: 'Foto' }, file(png(34))]);
      assert.equal(withField.statusCode, 200, withField.body);
    });

    test('a 6 MB file is refused with 413 and nothing is stored', async () => {
      const before = await storedCount();
      const big = Buffer.concat([png(9), Buffer.alloc(6 * 1024 * 1024)]);
      assertError(await uploadFile(big, 'gross.png'), 413, messages.uploadTooLarge);
      assert.equal(await storedCount(), before);
    });

    test('a file of exactly 5 MB is accepted', async () => {
      const head = png(10);
      const bytes = Buffer.concat([head, Buffer.alloc(5 * 1024 * 1024 - head.length)]);
      const response = await uploadFile(bytes, 'genau.png');
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().path, `uploads/${sha256(bytes)}.png`);
    });

    test('no file, or a file under another field name, is a 400', async () => {
      assertError(await upload([{ field: 'title', data: 'nur ein Feld' }]), 400, messages.uploadMissing);
      assertError(
        await upload([{ field: 'image', filename: 'bild.png', type: 'image/png', data: png(11) }]),
        400,
        messages.uploadMissing,
      );
      assertError(await upload([]), 400, messages.uploadMissing);
    });

    test('a JSON, text or form body is refused with 415', async () => {
      assertError(
        await post(JSON.stringify({ file: png(12).toString('base64') }), 'application/json'),
        415,
        messages.multipartInvalid,
      );
      assertError(
        await post('file=abc', 'application/x-www-form-urlencoded'),
        415,
        messages.unsupportedMediaType,
      );
      assertError(await post('abc', 'text/plain'), 415, messages.unsupportedMediaType);
    });

    test('a multipart body the parser cannot read is a 400 with a German message, never a 5xx', async () => {
      const start = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
      const cases: [Buffer | string, string][] = [
        [png(13), 'multipart/form-data'],
        [`${start}abc`, 'multipart/form-data; boundary=x'],
        [Buffer.concat([Buffer.from(start), png(13)]), 'multipart/form-data; boundary=x'],
        ['kein multipart', 'multipart/form-data; boundary=zzz'],
      ];
      for (const [payload, type] of cases)
        assertError(await post(payload, type), 400, messages.multipartInvalid);
    });

    test('uploading needs a valid token; nothing is stored without one', async () => {
      const before = await storedCount();
      for (const headers of [{}, auth('x'.repeat(43)), auth('kaputt')]) {
        const bytes = png(14);
        assertError(
          await upload([{ filename: 'a.png', type: 'image/png', data: bytes }], headers),
          401,
          messages.unauthorized,
        );
      }
      const { payload, contentType } = multipart([{ filename: 'a.png', type: 'image/png', data: png(15) }]);
      assertError(await post(payload, contentType, {}), 401, messages.unauthorized);
      assert.equal(await storedCount(), before);
    });

    test('reading an image needs no token', async () => {
      const bytes = gif();
      await uploadFile(bytes, 'punkt.gif', 'image/gif');
      const response = await t.app.inject({
        url: `/api/uploads/${sha256(bytes)}.gif`,
        headers: { authorization: 'Müll' },
      });
      assert.equal(response.statusCode, 200);
    });

    test('path tricks, other case, other extensions and unknown images are a 404 without a stack trace', async () => {
      const bytes = png(16);
      await uploadFile(bytes);
      const hash = sha256(bytes);
      for (const name of [
        '..%2F..%2Fetc%2Fpasswd',
        '..%2f..%2fetc%2fpasswd',
        '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
        '..%5C..%5Cwindows%5Cwin.ini',
        `${hash.toUpperCase()}.png`,
        `${hash}.PNG`,
        `${hash}.gif`,
        `${hash}.jpg`,
        `${hash}.svg`,
        `${hash}.png.html`,
        `${hash}`,
        `${'0'.repeat(64)}.png`,
        'passwd',
      ]) {
        assertError(await get(name), 404, messages.uploadNotFound);
      }
      for (const url of ['/api/uploads/../../etc/passwd', `/api/uploads/x/${hash}.png`, '/api/uploads/']) {
        const response = await t.app.inject({ url });
        assert.equal(response.statusCode, 404, url);
        assert.doesNotMatch(response.body, /stack|\.ts:\d+|root:/);
      }
      assertError(await get('x'.repeat(81)), 400, messages.invalidQuery);
      // A NUL in any text a client sends is refused before it reaches a query.
      assertError(await get(`${hash}.png%00.html`), 400, messages.invalidQuery);
    });

    test('a name longer than the router allows is a 400 in the German envelope', async () => {
      assertError(await get('x'.repeat(200)), 400, messages.badRequest);
    });

    test('twelve large images at once: a few are checked, the rest are told in German to come back', async () => {
      // 12 megapixels each, in distinct colours so none is a duplicate; decoding each takes a while.
      const images = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          sharp({
            create: { width: 4000, height: 3000, channels: 3, background: { r: i * 20, g: 9, b: 99 } },
          })
            .png()
            .toBuffer(),
        ),
      );
      const answers = await Promise.all(images.map((image, i) => uploadFile(image, `gross-${i}.png`)));
      const busy = answers.filter((r) => r.statusCode === 429);
      assert.ok(answers.every((r) => r.statusCode === 200 || r.statusCode === 429));
      assert.ok(busy.length >= 12 - IMAGE_CHECKS.running - IMAGE_CHECKS.waiting, `${busy.length} refused`);
      for (const refused of busy) {
        assert.equal(refused.json().error.message, messages.uploadBusy);
        assert.equal(refused.headers['retry-after'], String(IMAGE_CHECKS.retryAfterSeconds));
      }
      // Once they are done, the next one is checked again.
      assert.equal((await uploadFile(images[0], 'nochmal.png')).statusCode, 200);
    });
  });
}
