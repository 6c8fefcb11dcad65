// Compiles an app's `locales/<language>.json` (ICU messages) at build time with Lingui's own compiler, so the
// browser never downloads a message parser (docs/decisions/0031-staff-languages.md).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS.
const { compileMessage } = require('@lingui/message-utils/compileMessage');

module.exports = function catalogLoader(source) {
  const catalog = JSON.parse(source);
  const compiled = Object.fromEntries(
    Object.entries(catalog).map(([key, message]) => [key, compileMessage(message)]),
  );
  return `export default ${JSON.stringify(compiled)};`;
};
