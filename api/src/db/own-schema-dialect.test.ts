import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminQuery, createTestDatabase } from '../test/harness';
import { migrate } from './database';

// PostgreSQL only: the schemas of one database are what is tested (SQLite has none).
test(
  'on PostgreSQL a migration stands while other schemas of the database come and go',
  { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' },
  async () => {
    const testDb = await createTestDatabase('postgres');
    let churning = true;
    // Another test's schema, made and dropped again and again, as tests side by side do.
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const other = `${testDb.schema}_other_${i}`;
        await adminQuery(`create schema ${other}; create table ${other}.t (id int)`);
        await adminQuery(`drop schema ${other} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 100; i++)
        assert.deepEqual(await migrate(testDb.database.db, { schema: testDb.schema }), []);
    } finally {
      churning = false;
      await churn;
      await testDb.drop();
    }
  },
);
