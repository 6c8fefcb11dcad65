import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** `<app>/src/features/<name>` of a file inside a feature, else null. */
const featureOf = (file) => /^(.+\/src\/features\/[^/]+)\//.exec(file)?.[1] ?? null;

/** Calls `check(file, node)` for every relative import, re-export and `import()` with the file it names. */
function relativeImports(context, check) {
  const visit = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    check(path.resolve(path.dirname(context.filename), source), node.source);
  };
  return {
    ImportDeclaration: visit,
    ImportExpression: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
  };
}

/**
 * Boundaries `no-restricted-imports` cannot see, because they depend on where the importing file is: it
 * matches import strings, and `../../x` means a different folder in each file. These resolve the path first.
 */
const boundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          crossFeature:
            'A feature imports only its own files. Code two features need goes to the remote’s src/api, src/components or src/hooks; screens are composed in the app, not in each other.',
        },
      },
      create(context) {
        const own = featureOf(context.filename);
        if (!own) return {};
        return relativeImports(context, (target, node) => {
          const feature = featureOf(`${target}/`);
          if (feature && feature !== own) context.report({ node, messageId: 'crossFeature' });
        });
      },
    },
    'no-relative-imports-of': {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: {
              folders: { type: 'array', items: { type: 'string' } },
              message: { type: 'string' },
            },
            required: ['folders', 'message'],
          },
        ],
        messages: { forbidden: '{{message}}' },
      },
      create(context) {
        const { folders, message } = context.options[0];
        const forbidden = folders.map((folder) => path.join(root, folder) + path.sep);
        return relativeImports(context, (target, node) => {
          if (forbidden.some((folder) => `${target}${path.sep}`.startsWith(folder)))
            context.report({ node, messageId: 'forbidden', data: { message } });
        });
      },
    },
  },
};

/** A letter of the staff languages (German, English, Polish): text, not a number or a sign. */
const LETTER = '/[A-Za-zÀ-ÖØ-öø-ž]/';
const UNTRANSLATED =
  'Text a user reads comes from the app’s catalogs (src/locales, t(…)), in German, English and Polish.';
/** Attributes a user sees or a screen reader reads out, on any element. `title` and `label` count on HTML elements
 * only: components take catalog keys there (shell/src/app/routes.tsx). */
const SPOKEN =
  '/^(aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|placeholder|alt)$/';
/** A text given in place: a string, a template's text, or either branch of `a ? 'x' : 'y'` and `a || 'x'`. */
const textsIn = (place) => [
  `${place} > Literal[value=${LETTER}]`,
  `${place} > JSXExpressionContainer > Literal[value=${LETTER}]`,
  `${place} > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${LETTER}]`,
  `${place} > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${LETTER}]`,
];
const untranslatedText = [
  `JSXText[value=${LETTER}]`,
  ...textsIn(':matches(JSXElement, JSXFragment)'),
  ...textsIn(`JSXAttribute[name.name=${SPOKEN}]`),
  ...textsIn('JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name=/^(title|label)$/]'),
].map((selector) => ({ selector, message: UNTRANSLATED }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/.builds/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['api/**', 'contracts/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Package boundaries (docs/architecture.md#packages): apps → shared-ui → contracts; no deep imports into shared-ui.
    files: ['shell/**', 'mfe-*/**', 'shared-ui/**', 'api/**', 'contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['shared-ui/*', '**/shared-ui/src/**'],
              message: 'Import shared-ui only by its package name.',
            },
            {
              group: ['**/mfe-*/**', '**/shell/**', '**/api/src/**'],
              message: 'Apps never import each other.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features of a remote (or of the shell) do not import each other (docs/architecture.md#frontend).
    files: ['shell/src/**', 'mfe-*/src/**'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-feature-imports': 'error' },
  },
  {
    // Build scripts run in Node at build time; what runs in the browser never depends on them.
    files: ['shell/src/**', 'mfe-*/src/**', 'shared-ui/src/**', 'contracts/src/**'],
    plugins: { boundaries },
    rules: {
      'boundaries/no-relative-imports-of': [
        'error',
        {
          folders: ['scripts'],
          message: 'Runtime code never imports scripts/: share plain values through contracts.',
        },
      ],
    },
  },
  {
    // The staff screens say nothing in code: every text a user reads or hears comes from the app's catalogs in
    // German, English and Polish (docs/decisions/0031-staff-languages.md). Names that are the same in every
    // language (the wordmark) are named constants. shared-ui joins once its own texts are in catalogs;
    // mfe-landing has its texts modules (mfe-landing/src/features/landing/texts.ts).
    files: ['shell/src/**/*.tsx', 'mfe-certificates/src/**/*.tsx', 'mfe-machines/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**', '**/test-support/**'],
    rules: {
      'no-restricted-syntax': ['error', ...untranslatedText],
    },
  },
  {
    // The browser tests reach the API over HTTP, like every other client.
    files: ['e2e/**'],
    plugins: { boundaries },
    rules: {
      'boundaries/no-relative-imports-of': [
        'error',
        {
          folders: ['api/src'],
          message: 'e2e/ reaches the API over HTTP or a package entry, never api/src/ by path.',
        },
      ],
    },
  },
);
