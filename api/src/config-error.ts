/** A setting that stops the start: its message is German and names the variable (config.ts). */
export class ConfigError extends Error {}
