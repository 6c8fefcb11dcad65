/**
 * Module Federation names (global container names) of the remotes and the keys the runtime config uses for
 * them. Plain data: the build scripts and the shell's runtime both read it, so neither imports the other.
 */
export const remoteNames = {
  certificates: 'mfe_certificates',
  machines: 'mfe_machines',
  landing: 'mfe_landing',
} as const;
export type RemoteKey = keyof typeof remoteNames;
