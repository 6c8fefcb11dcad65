import type { CertificateCreateBody, CertificateListItem, CertificateListQuery, PrintData } from './schemas';

/**
 * The one place where the earlier app's wire names meet the names the code uses inside. The API speaks the
 * earlier app's JSON unchanged (`crowd`, `recordsCount`, …, see docs/earlier-app.md and
 * docs/decisions/0005-wire-names.md); the
 * database, the services and React state say what the values are. Plain data, no schemas: the frontends
 * import it without pulling TypeBox in.
 */
export const WIRE_NAMES = {
  quantity: 'crowd',
  first_unit_number: 'recordsCount',
  origin: 'origin_germany',
  machine_name: 'machine_type',
  serial_base: 'serialNoPart1',
  first_serial: 'serial_no',
  last_serial: 'endSerialNo',
} as const;

type DomainToWire = typeof WIRE_NAMES;
type WireToDomain = { [K in keyof DomainToWire as DomainToWire[K]]: K };

/** `T` with its domain names replaced by wire names. */
export type ToWire<T> = { [K in keyof T as K extends keyof DomainToWire ? DomainToWire[K] : K]: T[K] };
/** `T` with its wire names replaced by domain names. */
export type FromWire<T> = { [K in keyof T as K extends keyof WireToDomain ? WireToDomain[K] : K]: T[K] };

const domainNames = Object.fromEntries(
  Object.entries(WIRE_NAMES).map(([domain, wire]) => [wire, domain]),
) as Record<string, string>;

/** A loop, not Object.fromEntries: every row of every list passes through here. */
function rename(value: object, names: Record<string, string>) {
  const renamed: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) renamed[Object.hasOwn(names, key) ? names[key] : key] = v;
  return renamed;
}

export const toWire = <T extends object>(value: T) => rename(value, WIRE_NAMES) as ToWire<T>;
export const fromWire = <T extends object>(value: T) => rename(value, domainNames) as FromWire<T>;

/** The domain name of wire name `N`. */
export type DomainName<N extends string> = N extends keyof WireToDomain ? WireToDomain[N] : N;
/** The wire name of domain name `N`. */
export type WireName<N extends string> = N extends keyof DomainToWire ? DomainToWire[N] : N;

/** A wire field name (a list's `sort=crowd`) as the domain name the code sorts by. */
export const domainName = <N extends string>(wire: N) => (domainNames[wire] ?? wire) as DomainName<N>;
/** A domain field name as the wire name the API and its clients use. */
export const wireName = <N extends string>(domain: N) =>
  ((WIRE_NAMES as Record<string, string>)[domain] ?? domain) as WireName<N>;

/** A stored certificate with everything it prints. */
export type Certificate = FromWire<PrintData>;
/** What staff fill in to issue a certificate. */
export type CertificateDraft = FromWire<CertificateCreateBody>;
/** A row of the certificate list. */
export type CertificateSummary = FromWire<CertificateListItem>;
/** The orders the certificate list can be sorted in. */
export type CertificateSort = DomainName<NonNullable<CertificateListQuery['sort']>>;
