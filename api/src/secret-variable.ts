import fs from 'node:fs';
import { ConfigError } from './config-error';

/**
 * A secret from `NAME`, or read from the file `NAME_FILE` names (a Docker or Kubernetes secret, a systemd
 * credential): a file keeps the secret out of the process list, the unit file and `docker inspect`. One
 * trailing line break is not part of it (`echo secret > file`). Setting both is refused: which one wins would
 * be a guess.
 */
export function secretVariable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const fileVariable = `${name}_FILE`;
  const file = env[fileVariable]?.trim();
  if (!file) return env[name];
  if (env[name])
    throw new ConfigError(`${name} und ${fileVariable} sind beide gesetzt; bitte nur eines davon`);
  try {
    return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch {
    throw new ConfigError(`${fileVariable} muss eine lesbare Datei nennen, „${file}“ ist es nicht`);
  }
}
