import type { NoticeSeverity } from './safety-notices';

/**
 * Each notice severity's name in the notices' two languages, as customers read it on the unit's page and in the
 * owners' mails. Apart from safety-notices.ts, so the customer page takes these without TypeBox (its first-load
 * budget, docs/architecture.md).
 */
export const NOTICE_SEVERITY_NAMES: Record<'de' | 'en', Record<NoticeSeverity, string>> = {
  de: { information: 'Information', safety_notice: 'Sicherheitshinweis', recall: 'Rückruf' },
  en: { information: 'Information', safety_notice: 'Safety notice', recall: 'Recall' },
};
