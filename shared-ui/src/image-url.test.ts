import { beforeEach, describe, expect, it } from '@jest/globals';
import { setConfig } from './config';
import { imageUrl } from './image-url';

beforeEach(() =>
  setConfig({
    apiBase: '/api',
    webBase: 'https://example.com',
    remotes: { certificates: '', machines: '', landing: '' },
    labelPrintUrl: null,
    companyName: '',
    companyAddress: '',
  }),
);

describe('imageUrl', () => {
  it('is the API base plus / plus the stored path', () => {
    expect(imageUrl('uploads/abc.png')).toBe('/api/uploads/abc.png');
    expect(imageUrl('/uploads/abc.png')).toBe('/api/uploads/abc.png');
  });
  it('leaves absolute and data URLs and handles missing paths', () => {
    expect(imageUrl('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
    expect(imageUrl('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(imageUrl('')).toBeUndefined();
    expect(imageUrl(null)).toBeUndefined();
  });
});
