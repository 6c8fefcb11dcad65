import { formatDate, type Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { releaseText, pageTexts, type Language } from '../texts';
import { CertificateLink } from './certificate-link';

/**
 * Whether the manufacturer issued and released the serial from the QR code: the day it was tested (and, when
 * corrected, the day of the correction), or a warning. A unit that failed its final inspection or awaits release
 * is never shown as genuine (docs/decisions/0010-test-record.md); it says what to do, and the unit's contact
 * follows right below it (machine-details.tsx).
 */
export function SerialCheck({
  landing,
  config,
  languages,
}: {
  landing: Landing;
  config: LandingConfig;
  languages: readonly Language[];
}) {
  const serial = landing.serial!;
  // English stands in for the languages these texts are not written in; said once, not twice.
  const releaseLanguages = [...new Set(languages.map((language) => (language === 'de' ? 'de' : 'en')))];
  if (!serial.verified) {
    const release =
      serial.release === 'failed' || serial.release === 'awaiting_release' ? serial.release : null;
    // A warning, in colour and words: an unconfirmed serial must never look like a genuine one, and one the
    // manufacturer withdrew, or that failed or waits for release, says so.
    const testId =
      release === 'failed'
        ? 'serial-failed'
        : release
          ? 'serial-awaiting'
          : serial.withdrawn
            ? 'serial-withdrawn'
            : 'serial-unknown';
    return (
      <div
        className={`land-check land-check--warning${serial.withdrawn || release ? ' land-check--withdrawn' : ''}`}
        data-testid={testId}
      >
        <span className="land-check__icon" aria-hidden="true">
          !
        </span>
        {release
          ? releaseLanguages.map((language) => (
              <p key={language} lang={language}>
                {releaseText(language)[release === 'failed' ? 'failed' : 'awaiting']}
              </p>
            ))
          : languages.map((language) => (
              <p key={language} lang={language}>
                {pageTexts(language)[serial.withdrawn ? 'withdrawnSerial' : 'unknownSerial']}
              </p>
            ))}
      </div>
    );
  }
  const date = formatDate(serial.tested_at);
  return (
    <div className="land-check land-check--verified" data-testid="serial-verified">
      <span className="land-check__icon" aria-hidden="true">
        ✓
      </span>
      {languages.map((language) => (
        <p key={language} lang={language}>
          {pageTexts(language).verified} <time dateTime={serial.tested_at ?? undefined}>{date}</time>
        </p>
      ))}
      {serial.corrected_on &&
        languages.map((language) => (
          <p key={`corrected-${language}`} lang={language} data-testid="serial-corrected">
            {pageTexts(language).corrected}{' '}
            <time dateTime={serial.corrected_on}>{formatDate(serial.corrected_on)}</time>
          </p>
        ))}
      {serial.release === 'deviation' &&
        releaseLanguages.map((language) => (
          <p key={`deviation-${language}`} lang={language} data-testid="serial-deviation">
            {releaseText(language).deviation}
          </p>
        ))}
      {/* Only when the API offers it: a confirmed unit's sealed certificate, the same bytes every time. */}
      {serial.certificate_pdf && (
        <CertificateLink
          href={`${config.apiBase}${serial.certificate_pdf}?download=1`}
          languages={languages}
        />
      )}
    </div>
  );
}
