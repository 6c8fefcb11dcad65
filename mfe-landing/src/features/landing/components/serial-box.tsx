import { label, type Language } from '../texts';

/** The serial from the QR code; one not confirmed says so in the warning colour, never like a genuine one. */
export function SerialBox({
  value,
  verified,
  withdrawn = false,
  languages,
}: {
  value: string;
  verified: boolean;
  /** Issued, then withdrawn by the manufacturer. */
  withdrawn?: boolean;
  languages: readonly Language[];
}) {
  return (
    <div
      className={verified ? 'land-box' : 'land-box land-box--unconfirmed'}
      data-testid={verified ? undefined : 'serial-unconfirmed'}
    >
      <dt>{label(languages, 'serial')}</dt>
      <dd>{value}</dd>
      {!verified && (
        <dd className="land-box__status">{label(languages, withdrawn ? 'withdrawn' : 'unconfirmed')}</dd>
      )}
    </div>
  );
}
