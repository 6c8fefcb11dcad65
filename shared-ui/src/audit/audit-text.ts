import { describeAuditDetails, type AuditAction, type AuditWords, type TypedAuditEvent } from 'contracts';
import de from 'contracts/audit/locales/de.json';
import { formatDay } from '../i18n/format';
import { activeLocale, defineCatalogs } from '../i18n/i18n';

/**
 * The audit trail's words: the actions' names, the histories' texts, and what describeAuditDetails (contracts)
 * names. In a chunk of their own, loaded with the first history or audit table, not with the login screen. The
 * German is contracts' own (catalogs.test.ts holds them equal). The catalogs live in contracts
 * (contracts/src/audit/locales), so that the API's export writes the trail in the same words
 * (api/src/export-words.ts).
 */
export const auditCatalogs = defineCatalogs('audit', de, {
  en: () => import('contracts/audit/locales/en.json'),
  pl: () => import('contracts/audit/locales/pl.json'),
});

type AuditKey = keyof typeof de;

/** A code the API sends (a field, a value) may be one the catalogs do not name. */
const named = (key: string) => (Object.hasOwn(de, key) ? auditCatalogs.t(key as AuditKey) : undefined);

/** What a screen says of the trail, in the active language. */
export interface AuditText {
  action(action: AuditAction): string;
  /** The event's details in a line (contracts' describeAuditDetails). */
  details(event: TypedAuditEvent): string;
}

/** Called while a component that follows the language renders (useAuditText, the event list). */
export function auditText(): AuditText {
  const words: AuditWords = {
    field: (key) => named(`field.${key}`),
    value: (value) => named(`value.${value}`) ?? named(`action.${value}`),
    role: (role) => auditCatalogs.t(`role.${role}`),
    yes: auditCatalogs.t('yes'),
    no: auditCatalogs.t('no'),
    filter: auditCatalogs.t('filter'),
    locale: activeLocale(),
    // Noon keeps a calendar day the same day in Berlin, as contracts' GERMAN_AUDIT_WORDS does.
    day: (day) => formatDay(`${day}T12:00:00Z`),
  };
  return {
    action: (action) => auditCatalogs.t(`action.${action}`),
    details: (event) => describeAuditDetails(event, words),
  };
}
