import { NOTICE_SEVERITY_NAMES, type PublicNotice } from 'contracts';
import type { Language } from '../texts';

/**
 * The manufacturer's open safety notices and recalls for this unit (the API sends only those covering it), the
 * gravest first, above everything else on the page. Texts are rendered as text, never as HTML. A notice is
 * written in German and English only, so the page's other languages show the English notice and its English name.
 */
export function UnitNotices({ notices, language }: { notices: PublicNotice[]; language: Language }) {
  const lang = language === 'de' ? 'de' : 'en';
  return (
    <>
      {notices.map((notice, index) => (
        <section
          key={index}
          lang={lang}
          className={`land-notice land-notice--${notice.severity}`}
          aria-labelledby={`land-notice-${index}`}
          data-testid="unit-notice"
        >
          <p className="land-notice__kind">
            {notice.severity !== 'information' && <span aria-hidden="true">⚠ </span>}
            {NOTICE_SEVERITY_NAMES[lang][notice.severity]}
          </p>
          <h2 className="land-notice__title" id={`land-notice-${index}`}>
            {notice.title[lang]}
          </h2>
          <p className="land-notice__text">{notice.text[lang]}</p>
        </section>
      ))}
    </>
  );
}
