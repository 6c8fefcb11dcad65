/**
 * Staff roles (docs/architecture.md#accounts-and-roles). The API enforces them on every call; the staff app
 * hides what an account's roles do not allow. An administrator may do everything.
 */
export const ROLES = ['admin', 'pruefer', 'freigabe', 'stammdaten', 'lesen', 'audit'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  pruefer: 'Prüfer',
  freigabe: 'Freigabe (Qualität)',
  stammdaten: 'Stammdaten',
  lesen: 'Lesen',
  audit: 'Audit (Protokoll lesen)',
};

/** What the staff app and the API ask of an account's roles. */
export const ROLE_NEEDS = {
  /** Issue and void certificates; print certificates and labels. */
  certify: ['pruefer'],
  /**
   * Revise (KORRIGIEREN) a certificate: the inspector's, and the quality department's, which must correct a
   * certificate that an instrument's impact entry names before closing it (api/src/modules/instruments).
   */
  revise: ['pruefer', 'freigabe'],
  /**
   * Release tested units (also a second person's release and a deviation release, Sonderfreigabe) and edit test
   * plans: the quality department's right, kept apart from testing (EN 10204 3.1, ISO 9001 8.6).
   */
  release: ['freigabe'],
  /** Machines, brands and images. */
  catalogue: ['stammdaten'],
  /** Accounts, settings and the whole audit log. */
  administer: ['admin'],
  /**
   * Reading the whole audit trail and exporting it, without administering anything: what a quality manager or
   * an outside auditor needs (ISO 9001 7.5.3).
   */
  audit: ['audit'],
  /** Lists, reprints, a certificate's history, catalogue reads: every role. */
  read: ROLES,
} as const satisfies Record<string, readonly Role[]>;
export type RoleNeed = keyof typeof ROLE_NEEDS;

/** Whether an account with `roles` may do what `need` names; an administrator may do everything. */
export function allows(roles: readonly Role[], need: RoleNeed): boolean {
  return roles.includes('admin') || ROLE_NEEDS[need].some((role) => roles.includes(role));
}

/** Passwords: at least this long, and not on the list of common passwords (checked by the API). */
export const PASSWORD_MIN = 10;
/** A TOTP code: six digits. A recovery code: ten letters and digits, shown as two groups of five. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_COUNT = 10;
