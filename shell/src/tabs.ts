import { allows, STAFF_TABS, type Role, type RoleNeed, type ScreenRef, type StaffTab } from 'contracts';

export const TABS = STAFF_TABS;
export type Tab = StaffTab;
export const DEFAULT_TAB: Tab = 'certificate_create';

/** Which remote entry fills each tab (docs/architecture.md#module-federation). */
export const TAB_SCREENS: Record<Tab, ScreenRef & { need: RoleNeed }> = {
  certificate_create: {
    remote: 'certificates',
    expose: 'CertificateCreate',
    need: 'certify',
  },
  certificate_list: {
    remote: 'certificates',
    expose: 'CertificateList',
    need: 'read',
  },
  // Only who may release sees what waits for release (contracts/src/release-queue.ts).
  release_queue: { remote: 'certificates', expose: 'ReleaseQueue', need: 'release' },
  reports: { remote: 'certificates', expose: 'Reports', need: 'read' },
  // Every role reads the catalogue; the remote hides editing from those without Stammdaten.
  machine_list: {
    remote: 'machines',
    expose: 'MachineList',
    need: 'read',
  },
  // Every role reads the register (docs/decisions/0018-instruments.md); the remote hides keeping it from those without Freigabe.
  instruments: {
    remote: 'machines',
    expose: 'Instruments',
    need: 'read',
  },
  // Every role reads the notices (docs/decisions/0045-safety-notices.md); the remote hides publishing from those without Freigabe.
  notices: { remote: 'machines', expose: 'Notices', need: 'read' },
  // Customers' contact data: the roles that see owners' registrations (docs/decisions/0045-service-requests.md).
  service_requests: { remote: 'certificates', expose: 'ServiceRequests', need: 'release' },
};

/** The tabs an account with `roles` sees (docs/architecture.md#accounts-and-roles). */
export function tabsFor(roles: readonly Role[]): Tab[] {
  return TABS.filter((tab) => allows(roles, TAB_SCREENS[tab].need));
}

/** The tab in `?tab=`; anything unknown or not among `allowed` is the first allowed tab. */
export function parseTab(value: string | null, allowed: readonly Tab[] = TABS): Tab {
  if (allowed.includes(value as Tab)) return value as Tab;
  return allowed.includes(DEFAULT_TAB) ? DEFAULT_TAB : (allowed[0] ?? 'certificate_list');
}

/** The label button shows on the two certificate tabs, to inspectors. */
export function showsLabelButton(tab: Tab | null, roles: readonly Role[]): boolean {
  return (tab === 'certificate_create' || tab === 'certificate_list') && allows(roles, 'certify');
}
