// jsdom lacks these Node globals; react-router needs them at import time.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest loads setup files as CommonJS.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
