import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from 'shared-ui';
import { remoteNames, type RemoteKey, type ScreenProps } from 'contracts';

/** An exposed module as the shell renders it: its default export, with the props of contracts/src/apps.ts. */
export interface ScreenModule {
  default: React.ComponentType<ScreenProps>;
}

let manifests: RuntimeConfig['remotes'] | null = null;

/** Registers every remote's manifest from the runtime config; nothing is fetched until a screen needs it. */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  manifests = config.remotes;
  registerRemotes(
    (Object.keys(remoteNames) as RemoteKey[])
      .filter((key) => Boolean(config.remotes[key]))
      .map((key) => ({ name: remoteNames[key], entry: config.remotes[key] })),
  );
}

/** `expose` of `remote`; callers take both from a ScreenRef (RemoteScreen), so the pair is checked there. */
export async function loadScreen(remote: RemoteKey, expose: string): Promise<ScreenModule> {
  const module = await loadRemote<ScreenModule>(`${remoteNames[remote]}/${expose}`);
  if (!module || (typeof module.default !== 'function' && typeof module.default !== 'object'))
    throw new Error(`${remote}/${expose} exposes no screen`);
  return module;
}

/**
 * Before a retry: a remote whose entry never loaded is registered again with `force`, which drops the cached
 * manifest and snapshot, and the retry loads it again. A remote that did load cannot be swapped in a running
 * page: its failed chunk is most likely gone with a new deploy (README.md#deploying-one-remote), so the answer
 * is 'reload', and a page load brings the new build.
 */
export function prepareRetry(remote: RemoteKey): 'retry' | 'reload' {
  const name = remoteNames[remote];
  if (getInstance()?.moduleCache.has(name)) return 'reload';
  const entry = manifests?.[remote];
  if (entry) registerRemotes([{ name, entry }], { force: true });
  return 'retry';
}
