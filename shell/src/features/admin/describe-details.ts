import type { TypedAuditEvent } from 'contracts';

type Fields = Readonly<Record<string, unknown>>;
type Change =
  | { kind: 'fields'; before: Fields; after: Fields }
  | { kind: 'list'; before: readonly unknown[]; after: readonly unknown[] };

/** The two sides of a change, for the actions that record one: changed fields, or a whole list (roles). */
function changeOf(event: TypedAuditEvent): Change | undefined {
  switch (event.action) {
    case 'certificate.revised':
    case 'brand.changed':
    case 'machine.changed':
    case 'settings.changed':
      return { kind: 'fields', before: event.details.before, after: event.details.after };
    case 'account.roles_changed':
      return { kind: 'list', before: event.details.before, after: event.details.after };
    default:
      return undefined;
  }
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A line for the details: a change as `field: before → after`, otherwise `key: value`. */
export function describeDetails(event: TypedAuditEvent): string {
  const change = changeOf(event);
  const parts: string[] = [];
  if (change?.kind === 'list') parts.push(`${show(change.before)} → ${show(change.after)}`);
  if (change?.kind === 'fields')
    for (const key of Object.keys(change.after))
      parts.push(`${key}: ${show(change.before[key])} → ${show(change.after[key])}`);
  for (const [key, value] of Object.entries(event.details))
    if (!change || (key !== 'before' && key !== 'after')) parts.push(`${key}: ${show(value)}`);
  return parts.join(' · ');
}
