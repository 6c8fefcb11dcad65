import path from 'node:path';
import type { Configuration } from 'webpack';
import { federation } from '../../mfe-machines/module-federation.config.ts';
import { createAppConfig } from '../../scripts/webpack/create-config.ts';
import { devPorts, sharedDependencies } from '../../scripts/webpack/shared.ts';
import { SKEWED_BUILDS, skewedBuildDir, type SkewedBuild } from './skewed-builds.ts';

type Shared = typeof sharedDependencies;
type Skew = { [K in keyof Shared]?: { version: string; requiredVersion?: string } };

const react = (version: string, requiredVersion?: string) =>
  Object.fromEntries(
    (['react', 'react/', 'react-dom', 'react-dom/'] as const).map((key) => [
      key,
      requiredVersion ? { version, requiredVersion } : { version },
    ]),
  ) as Skew;

/**
 * The machines remote built as if against other versions of the shared singletons (./skewed-builds.ts). A remote
 * built against another major version provides that version and needs its range (`^2.0.0`); one built against a
 * newer minor version provides it and keeps the range of scripts/webpack/shared.ts. Only the declared versions
 * differ, which is all the federation runtime compares.
 */
const skews: Record<SkewedBuild, Skew> = {
  'shared-ui-2': { 'shared-ui': { version: '2.0.0', requiredVersion: '^2.0.0' } },
  'react-18': react('18.3.1', '^18.3.0'),
  'minor-update': { 'shared-ui': { version: '1.1.0' }, ...react('19.9.0') },
};

function shared(skew: Skew) {
  return Object.fromEntries(
    Object.entries(sharedDependencies).map(([key, config]) => [
      key,
      { ...config, ...skew[key as keyof Shared] },
    ]),
  );
}

export default (env: unknown, argv: { mode?: 'production' | 'development' }): Configuration[] =>
  SKEWED_BUILDS.map((name) => {
    // createAppConfig reads the label when it makes the config, so each build of this run gets its own.
    process.env.BUILD_LABEL = name;
    const config = createAppConfig({
      dir: path.resolve(import.meta.dirname, '../../mfe-machines'),
      federation: { ...federation, shared: shared(skews[name]) },
      title: `mfe-machines (${name})`,
      port: devPorts.machines,
    })(env, argv);
    // Not minified, which would only cost time; precompressed like every build, or a static host that sends
    // `.br` files would keep sending the previous build's entry and manifest.
    return {
      ...config,
      name,
      output: { ...config.output, path: skewedBuildDir(name) },
      optimization: { ...config.optimization, minimize: false },
    };
  });
