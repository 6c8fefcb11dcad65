import { QR_FORMATS } from './gs1';
import type { RuntimeConfig } from './runtime-config';

/**
 * The browser's check of `/config.json` against runtime-config.ts. Mirrors its TypeBox schema without importing
 * TypeBox, which would add ~12 KB gz to the login screen and the customer page (docs/architecture.md#budgets);
 * the rule table is typed from the schema, and runtime-config.test.ts holds both to the same answers.
 */
type Rules<T> = {
  [K in keyof T]-?: object extends Pick<T, K>
    ? string extends NonNullable<T[K]>
      ? 'absent, text or null'
      : // Absent or one of these words.
        readonly NonNullable<T[K]>[]
    : T[K] extends string
      ? 'text'
      : null extends T[K]
        ? 'text or null'
        : Rules<T[K]>;
};

const RULES: Rules<RuntimeConfig> = {
  apiBase: 'text',
  webBase: 'text',
  remotes: { certificates: 'text', machines: 'text', landing: 'text' },
  labelPrintUrl: 'text or null',
  companyName: 'text',
  companyAddress: 'text',
  companyEmail: 'absent, text or null',
  companyPhone: 'absent, text or null',
  companyLogo: 'absent, text or null',
  companySignIn: 'absent, text or null',
  qrFormat: QR_FORMATS,
};

type Rule = 'text' | 'text or null' | 'absent, text or null' | readonly string[] | { [key: string]: Rule };

function problems(value: unknown, rule: Rule, path: string): string[] {
  if (Array.isArray(rule)) return value === undefined || rule.includes(value as string) ? [] : [path];
  if (rule === 'absent, text or null')
    return value === undefined ? [] : problems(value, 'text or null', path);
  if (rule === 'text or null') return value === null ? [] : problems(value, 'text', path);
  if (rule === 'text') return typeof value === 'string' && value.length > 0 ? [] : [path];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [path || '/'];
  const record = value as Record<string, unknown>;
  return Object.entries(rule).flatMap(([key, inner]) =>
    problems(Object.hasOwn(record, key) ? record[key] : undefined, inner, path ? `${path}.${key}` : key),
  );
}

/** The fields of `value` that are missing or wrong (`remotes.machines`), none when it is a RuntimeConfig. */
export function runtimeConfigProblems(value: unknown): string[] {
  return problems(value, RULES, '');
}

/** A `/config.json` that is not a RuntimeConfig: the frontends show a German error page naming the fields. */
export class RuntimeConfigError extends Error {
  constructor(readonly fields: string[]) {
    super(
      `/config.json ist fehlerhaft: ${fields.map((field) => `„${field}“`).join(', ')} fehlt oder ist ungültig`,
    );
  }
}

/** `value` as a RuntimeConfig, or a RuntimeConfigError naming every wrong field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const wrong = runtimeConfigProblems(value);
  if (wrong.length) throw new RuntimeConfigError(wrong);
  return value as RuntimeConfig;
}
