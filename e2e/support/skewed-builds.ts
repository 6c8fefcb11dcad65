import path from 'node:path';

/**
 * Builds of the machines remote made as if against other versions of the shared singletons
 * (skewed-builds.webpack.config.ts); e2e/global-setup.ts makes them, e2e/tests/version-skew.spec.ts deploys them.
 * Each one's form shows „Version <name>“.
 */
export const SKEWED_BUILDS = ['shared-ui-2', 'react-18', 'minor-update'] as const;
export type SkewedBuild = (typeof SKEWED_BUILDS)[number];

export const skewedBuildDir = (name: SkewedBuild) =>
  path.join(import.meta.dirname, '..', '.builds', `machines-${name}`);
