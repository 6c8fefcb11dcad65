import path from 'node:path';

const here = import.meta.dirname;

/** One Jest setup for every frontend workspace: jsdom, TypeScript through ts-jest (transpile only; tsc checks types). */
export function jestConfig(rootDir) {
  return {
    rootDir,
    testEnvironment: path.join(here, 'environment.cjs'),
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    // A whole form typed key by key outlasts Jest's 5 s on a loaded machine; speed is the benchmark's business.
    testTimeout: 30_000,
    // What webpack's DefinePlugin puts in at build time (scripts/webpack/create-config.ts).
    globals: { __BUILD_LABEL__: '' },
    setupFiles: [path.join(here, 'polyfills.cjs')],
    setupFilesAfterEnv: [path.join(here, 'setup.ts')],
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      '\\.(svg|png|jpe?g|gif)$': path.join(here, 'file-stub.cjs'),
    },
    transform: {
      '^.+\\.tsx?$': [
        'ts-jest',
        {
          tsconfig: {
            jsx: 'react-jsx',
            module: 'commonjs',
            moduleResolution: 'node10',
            ignoreDeprecations: '6.0',
            esModuleInterop: true,
            isolatedModules: true,
            target: 'ES2022',
          },
          diagnostics: false,
        },
      ],
    },
  };
}
