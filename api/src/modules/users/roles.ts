import { ROLES, type Role } from 'contracts';

/** Roles are stored comma-separated in a fixed order, so equal sets are equal texts. */
export const rolesToText = (roles: readonly Role[]) => ROLES.filter((role) => roles.includes(role)).join(',');
export const rolesOf = (text: string) =>
  text.split(',').filter((role): role is Role => (ROLES as readonly string[]).includes(role));
