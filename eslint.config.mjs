import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**', 'e2e/artifacts/**'],
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
    // Package boundaries (DESIGN §1): apps → shared-ui → contracts; no deep imports into shared-ui.
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
);
