import type { ValueMark } from './step-entry';

/**
 * The mark beside a value that cannot be sent (⚠) or does not pass (✕): an icon and the German reason, so it
 * never rests on colour alone. Nothing for an empty or passing value. The field points at it (aria-describedby).
 */
export function ValueNote({ id, mark }: { id: string; mark: ValueMark }) {
  if (!('reason' in mark)) return null;
  return (
    <span id={id} className={`test-note test-note--${mark.kind}`}>
      <span aria-hidden="true">{mark.kind === 'malformed' ? '⚠' : '✕'}</span> {mark.reason}
    </span>
  );
}
