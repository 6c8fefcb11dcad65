// Many clients that send headers and part of a body, then nothing (docs/architecture.md#security): the
// others are still answered, and the server closes the slow ones itself.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SOCKET_IDLE_MS, buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, kinds, type TestDatabase } from '../test/harness';

const SLOW = process.env.SOAK === '1' ? 5_000 : 1_000;
const OTHERS = 100;

for (const kind of kinds) {
  describe(`slow bodies on ${kind}`, () => {
    let testDb: TestDatabase;
    let app: App;
    let port: number;
    before(async () => {
      testDb = await createTestDatabase(kind);
      app = await buildApp({
        config: { ...loadConfig({}), database: testDb.location },
        database: testDb.database,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    after(async () => {
      await app.close();
      await testDb.drop();
    });

    test(`${SLOW} connections stuck mid-body: others are answered, and the server closes the stuck ones`, async () => {
      let open = 0;
      const sockets = await Promise.all(
        Array.from({ length: SLOW }, () => {
          const socket = net.connect(port, '127.0.0.1');
          socket.on('error', () => {});
          socket.on('close', () => open--);
          return new Promise<net.Socket>((resolve) =>
            socket.once('connect', () => {
              open++;
              socket.write(
                'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
                  'Content-Length: 100000\r\n\r\n{"username":"',
              );
              resolve(socket);
            }),
          );
        }),
      );
      try {
        const statuses = [];
        for (let i = 0; i < OTHERS; i++) {
          const response = await fetch(
            `http://127.0.0.1:${port}/api/${i % 2 ? 'healthz' : 'brandMachineById/1'}`,
          );
          statuses.push(response.status);
        }
        assert.equal(open, SLOW, 'the stuck clients were still connected while the others were answered');
        assert.deepEqual(new Set(statuses), new Set([200, 404]));
        // Silence of SOCKET_IDLE_MS closes a connection; three times that is the bound allowed here.
        const deadline = Date.now() + 3 * SOCKET_IDLE_MS;
        while (open > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        assert.equal(open, 0, 'connections the server left open');
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    });
  });
}
