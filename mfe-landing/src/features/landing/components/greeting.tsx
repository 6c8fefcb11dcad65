import { isHttpUrl, type Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { pageTexts, type Language } from '../texts';
import { contactHref } from './contact';

/** The letter to the customer in one language: thanks, whom to ask, and the product page. */
export function Greeting({
  lang,
  name,
  config,
  link,
  brand,
  congratulate,
}: {
  lang: Language;
  name: string;
  config: LandingConfig;
  link: string;
  /** The brand's contact, when the API answers it (the company has none configured). */
  brand: Pick<Landing, 'brand_email' | 'brand_website'>;
  /** Only for a genuine unit, or the model without a serial: not under a warning (withdrawn, failed, unknown). */
  congratulate: boolean;
}) {
  const t = pageTexts(lang);
  const contact = contactHref(config, brand);
  const hasLink = isHttpUrl(link);
  return (
    <section className="land-greeting" lang={lang}>
      <p className="land-greeting__salutation">{t.salutation}</p>
      {congratulate && (
        <p data-testid="congratulation">
          {t.purchase[0]}
          <b>{name}</b>
          {t.purchase[1]}
          {config.companyName}
          {t.purchase[2]}
        </p>
      )}
      <p>
        {t.help[0]}
        {contact ? <a href={contact}>{t.help[1]}</a> : t.help[1]}
        {t.help[2]}
        <b>{name}</b>
        {t.help[3]}
      </p>
      {/* http(s) only, as the API accepts: a `javascript:` link from older data must never render, and
          without a button no sentence asks for a click on it. */}
      {hasLink && <p>{t.links}</p>}
      {hasLink && (
        <a className="land-button" href={link} target="_blank" rel="noopener noreferrer">
          {t.button}
        </a>
      )}
    </section>
  );
}
