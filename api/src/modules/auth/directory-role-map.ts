import { ROLES, type Role } from 'contracts';

/** Directory group → the roles it gives (docs/decisions/0029-company-account-sign-in.md). */
export type RoleMap = ReadonlyMap<string, readonly Role[]>;

/** Group names are compared as the directory sends them, only brought into one Unicode spelling. */
const groupKey = (name: string) => name.normalize('NFC');

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * `OIDC_ROLE_MAP` as `Gruppe=rolle,Gruppe2=rolle2`, split at the last `=` (a group name may hold one), or as
 * JSON `{"Gruppe, mit Komma": "rolle"}` for names with commas. One group may give several roles
 * (`Gruppe=pruefer,Gruppe=freigabe` or a JSON list). Throws a German sentence for an operator.
 */
export function parseRoleMap(raw: string): RoleMap {
  const pairs: [string, string][] = [];
  if (raw.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error('ist kein gültiges JSON-Objekt');
    }
    for (const [group, roles] of Object.entries(parsed as Record<string, unknown>))
      for (const role of Array.isArray(roles) ? roles : [roles]) pairs.push([group, String(role)]);
  } else {
    for (const entry of raw.split(',').map((part) => part.trim())) {
      if (!entry) continue;
      const cut = entry.lastIndexOf('=');
      if (cut <= 0) throw new Error(`„${entry}“ hat nicht die Form Gruppe=rolle`);
      pairs.push([entry.slice(0, cut).trim(), entry.slice(cut + 1).trim()]);
    }
  }
  const map = new Map<string, Role[]>();
  for (const [group, role] of pairs) {
    if (!group) throw new Error('enthält einen leeren Gruppennamen');
    if (!isRole(role)) throw new Error(`„${role}“ ist keine Rolle (erlaubt: ${ROLES.join(', ')})`);
    const key = groupKey(group);
    map.set(key, [...new Set([...(map.get(key) ?? []), role])]);
  }
  if (!map.size) throw new Error('ordnet keiner Gruppe eine Rolle zu');
  return map;
}

/**
 * The claim that lists the groups: a top-level name first (Entra's `groups`, or a URL-like name with dots),
 * then a dotted path (Keycloak's `resource_access.<client>.roles`).
 */
function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** At most this many groups are read and recorded: a token with more is refused as no directory sends such. */
export const GROUPS_MAX = 1000;

/**
 * The group names in the claims: a list of strings or one string; anything else (numbers, objects, a list
 * too long) counts as no groups, so it gives no role.
 */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claimAt(claims, claim);
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  if (list.length > GROUPS_MAX) return [];
  return list.filter((group): group is string => typeof group === 'string').map(groupKey);
}

/** The roles the groups give, in the fixed order of contracts ROLES. */
export function rolesFor(groups: readonly string[], map: RoleMap): Role[] {
  const granted = new Set(groups.flatMap((group) => map.get(group) ?? []));
  return ROLES.filter((role) => granted.has(role));
}
