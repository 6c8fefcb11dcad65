import { sharedDependencies } from '../scripts/webpack/shared.ts';

/**
 * The host has no build-time remotes: it reads /config.json at start and registers the remotes' manifests
 * (src/federation/remotes.ts), so a remote that is down never blocks start-up and a team can redeploy its remote
 * without rebuilding the shell.
 */
export const federation = {
  name: 'shell',
  remotes: {},
  shared: sharedDependencies,
  // The host never exposes modules; it still needs the snapshot code to read manifests.
  experiments: { optimization: { target: 'web' as const } },
};
