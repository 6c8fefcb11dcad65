/**
 * The one `shared` block of every Module Federation build (docs/architecture.md#module-federation). The shell and all remotes import it,
 * so the singletons and their version ranges cannot drift apart. Never eager: each app has an async boundary.
 * `requiredVersion` is the range an app's code needs, not the version it was built with: a remote built with a
 * newer minor version still takes the shell's copy. `strictVersion` refuses a remote whose range the loaded copy
 * does not meet (a remote built for another major version), so it shows its fallback instead of crashing.
 */
const singleton = (requiredVersion: string) =>
  ({ singleton: true, requiredVersion, strictVersion: true, eager: false }) as const;

export const sharedDependencies = {
  react: singleton('^19.2.0'),
  'react/': singleton('^19.2.0'),
  'react-dom': singleton('^19.2.0'),
  'react-dom/': singleton('^19.2.0'),
  'react-router': singleton('^7.9.0'),
  'react-router-dom': singleton('^7.9.0'),
  '@tanstack/react-query': singleton('^5.90.0'),
  'shared-ui': singleton('^1.0.0'),
};

/** Dev-server ports; the API serves everything on one port in production. */
export const devPorts = {
  shell: 3000,
  certificates: 3001,
  machines: 3002,
  landing: 3003,
  api: 8080,
} as const;
