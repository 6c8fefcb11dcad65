import assert from 'node:assert/strict';
import { test } from 'node:test';
import { storedImageUrl } from './image-url';

test('stored images load from the API base', () => {
  assert.equal(storedImageUrl('/api', 'uploads/abc.png'), '/api/uploads/abc.png');
  assert.equal(storedImageUrl('/api/', '/uploads/abc.png'), '/api/uploads/abc.png');
  assert.equal(storedImageUrl('/api', 'https://cdn.example.com/x.png'), 'https://cdn.example.com/x.png');
  assert.equal(storedImageUrl('/api', 'data:image/png;base64,AA'), 'data:image/png;base64,AA');
  assert.equal(storedImageUrl('/api', ''), undefined);
  assert.equal(storedImageUrl('/api', null), undefined);
});
