import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';

/**
 * The configuration of a process that starts (the server, the worker): `.env` of the working directory first,
 * then the environment, checked; a wrong value ends the process with its German message, never a stack.
 */
export function configFromEnvironment(): Config {
  const envFile = path.resolve('.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Konfigurationsfehler: ${error.message}`);
    process.exit(1);
  }
}
