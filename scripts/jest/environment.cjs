// jsdom with the fetch classes of Node itself. react-router's data routers (the shell's and the remotes' routers,
// for `useBlocker`) build a `Request` for every navigation; jsdom has none. Node's `Request` accepts only Node's
// `AbortSignal`, so the abort classes come along.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest loads environments as CommonJS.
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal });
  }
};
