import type { Landing } from 'contracts';
import { label, type Language } from '../texts';

/** What the customer is told first about the unit (landing.service.ts answers the facts). */
export type UnitStatus = 'released' | 'failed' | 'awaiting' | 'withdrawn' | 'unconfirmed';

export function unitStatus(serial: NonNullable<Landing['serial']>): UnitStatus {
  if (serial.verified) return 'released';
  if (serial.withdrawn) return 'withdrawn';
  if (serial.release === 'failed') return 'failed';
  if (serial.release === 'awaiting_release') return 'awaiting';
  return 'unconfirmed';
}

const STATUS_LABELS = {
  released: 'statusReleased',
  failed: 'statusFailed',
  awaiting: 'statusAwaiting',
  withdrawn: 'withdrawn',
  unconfirmed: 'unconfirmed',
} as const satisfies Record<UnitStatus, Parameters<typeof label>[1]>;

/**
 * The serial from the QR code and the unit's status in words; any status but released in the warning colour,
 * never like a genuine one.
 */
export function SerialBox({
  value,
  status,
  languages,
}: {
  value: string;
  status: UnitStatus;
  languages: readonly Language[];
}) {
  const released = status === 'released';
  return (
    <div
      className={released ? 'land-box' : 'land-box land-box--unconfirmed'}
      data-testid={released ? undefined : 'serial-unconfirmed'}
    >
      <dt>{label(languages, 'serial')}</dt>
      <dd>{value}</dd>
      <dd className="land-box__status" data-testid="unit-status">
        {label(languages, STATUS_LABELS[status])}
      </dd>
    </div>
  );
}
