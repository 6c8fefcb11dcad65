import { formatDate, type Landing } from 'contracts';
import { texts, type Language } from '../texts';

/** Whether the manufacturer issued the serial from the QR code: the day it was tested, or a warning. */
export function SerialCheck({
  serial,
  languages,
}: {
  serial: NonNullable<Landing['serial']>;
  languages: readonly Language[];
}) {
  if (!serial.verified) {
    // A warning, in colour and words: an unconfirmed serial must never look like a genuine one, and one the
    // manufacturer withdrew says so.
    const text = serial.withdrawn ? 'withdrawnSerial' : 'unknownSerial';
    return (
      <div
        className={`land-check land-check--warning${serial.withdrawn ? ' land-check--withdrawn' : ''}`}
        data-testid={serial.withdrawn ? 'serial-withdrawn' : 'serial-unknown'}
      >
        <span className="land-check__icon" aria-hidden="true">
          !
        </span>
        {languages.map((language) => (
          <p key={language} lang={language}>
            {texts.pages[language][text]}
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
          {texts.pages[language].verified} <time dateTime={serial.tested_at ?? undefined}>{date}</time>
        </p>
      ))}
    </div>
  );
}
