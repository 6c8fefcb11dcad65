import { formatDate, type DocumentKind, type Landing, type UnitDocument } from 'contracts';
import { useState } from 'react';
import type { LandingConfig } from '../config';
import { documentTexts } from '../document-texts';
import type { Language } from '../texts';

import { PaperRequestForm } from './paper-request-form';
import './documents-section.css';

/** The documents in the customer's language, else English, else German, else any: one per kind. */
function pick(documents: UnitDocument[], language: Language): UnitDocument[] {
  const kinds = [...new Set(documents.map((document) => document.kind))];
  return kinds.map(
    (kind) =>
      [language, 'en', 'de']
        .map((wanted) => documents.find((d) => d.kind === kind && d.language === wanted))
        .find(Boolean) ?? documents.find((d) => d.kind === kind)!,
  );
}

const languageName = (code: string, inLanguage: Language) => {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const megabytes = (bytes: number, language: Language) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    Math.max(bytes / 1_000_000, 0.1),
  );

/** Open in the browser (a phone's viewer) or save under the file name the API gives. */
function Links({
  href,
  apiBase,
  languages,
}: {
  href: string;
  apiBase: string;
  languages: readonly Language[];
}) {
  const url = `${apiBase}${href}`;
  const say = (key: 'open' | 'download') => languages.map((l) => documentTexts[l][key]).join(' / ');
  return (
    <span className="land-doc__links">
      <a className="land-doc__link" href={url} target="_blank" rel="noopener">
        {say('open')}
      </a>
      <a className="land-doc__link" href={`${url}?download=1`} download>
        {say('download')}
      </a>
    </span>
  );
}

/**
 * The unit's documents (docs/decisions/0012-documents.md), loaded as a chunk of its own only for a machine that
 * has documents (machine-details.tsx), so the page's first load stays within its budget (docs/architecture.md#budgets): per kind the version in force on its issue day in the
 * customer's language (the English and German page shows both), a newer one marked, and a paper copy on request.
 * Nothing at all when the machine has no documents.
 */
export default function DocumentsSection({
  landing,
  config,
  languages,
}: {
  landing: Landing;
  config: LandingConfig;
  languages: readonly Language[];
}) {
  const [asking, setAsking] = useState(false);
  const documents = landing.documents ?? [];
  if (documents.length === 0) return null;
  const first = languages[0];
  // English and German together: both where both exist, else whichever there is.
  const shown = [...new Set(languages.flatMap((language) => pick(documents, language)))];
  const say = (text: (l: Language) => string) => languages.map(text).join(' / ');
  return (
    <section className="land-docs" aria-labelledby="land-docs-heading" data-testid="documents">
      <h2 id="land-docs-heading" className="land-docs__heading">
        {say((l) => documentTexts[l].heading)}
      </h2>
      <ul className="land-docs__list">
        {shown.map((document) => {
          const fallback = !languages.some((language) => language === document.language);
          return (
            <li key={document.id} className="land-doc" data-testid="document">
              <span className="land-doc__title">
                {say((l) => documentTexts[l].kinds[document.kind as DocumentKind])}
              </span>
              <span className="land-doc__meta">
                <span lang={document.language}>{document.language.toUpperCase()}</span> ·{' '}
                {documentTexts[first].validFrom} {formatDate(document.valid_from)} ·{' '}
                {megabytes(document.size, first)}
              </span>
              {fallback && (
                <span className="land-doc__note" data-testid="document-fallback">
                  {documentTexts[first].fallback} {languageName(document.language, first)}.
                </span>
              )}
              <Links href={document.href} apiBase={config.apiBase} languages={languages} />
              {document.newer && (
                <span className="land-doc__newer" data-testid="document-newer">
                  {documentTexts[first].newer} {formatDate(document.newer.valid_from)} ·{' '}
                  {megabytes(document.newer.size, first)}
                  <Links href={document.newer.href} apiBase={config.apiBase} languages={languages} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {!asking && (
        <button type="button" className="land-button land-button--secondary" onClick={() => setAsking(true)}>
          {say((l) => documentTexts[l].paperCopy)}
        </button>
      )}
      {asking && (
        <PaperRequestForm
          apiBase={config.apiBase}
          serial={landing.serial?.value}
          documents={shown}
          languages={languages}
        />
      )}
    </section>
  );
}
