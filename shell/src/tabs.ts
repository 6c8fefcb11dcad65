import { messages } from 'shared-ui';
import { STAFF_TABS, type ScreenRef, type StaffTab } from 'contracts';

export const TABS = STAFF_TABS;
export type Tab = StaffTab;
export const DEFAULT_TAB: Tab = 'certificate_create';

/** Which remote entry fills each tab (docs/architecture.md#module-federation). */
export const TAB_SCREENS: Record<Tab, ScreenRef & { label: string }> = {
  certificate_create: {
    remote: 'certificates',
    expose: 'CertificateCreate',
    label: messages.tabs.certificate_create,
  },
  certificate_list: {
    remote: 'certificates',
    expose: 'CertificateList',
    label: messages.tabs.certificate_list,
  },
  machine_list: { remote: 'machines', expose: 'MachineList', label: messages.tabs.machine_list },
};

/** The tab in `?tab=`; anything unknown is the default tab. */
export function parseTab(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : DEFAULT_TAB;
}

/** The label button shows on the two certificate tabs. */
export function showsLabelButton(tab: Tab | null): boolean {
  return tab === 'certificate_create' || tab === 'certificate_list';
}
