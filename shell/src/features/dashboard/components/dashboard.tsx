import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RemoteScreen } from '../../../federation/remote-screen';
import { parseTab, TAB_SCREENS, TABS, type Tab } from '../../../tabs';

/**
 * The three tabs of `/`. A tab's remote is loaded when the tab is first opened; opened tabs stay mounted
 * (hidden) so a half-filled form survives switching tabs.
 */
export function Dashboard() {
  const [params] = useSearchParams();
  const active = parseTab(params.get('tab'));
  const [opened, setOpened] = useState<Tab[]>([active]);
  if (!opened.includes(active)) setOpened([...opened, active]);

  return (
    <>
      {TABS.filter((tab) => opened.includes(tab)).map((tab) => (
        <section
          key={tab}
          id={`panel-${tab}`}
          className="sh-panel"
          aria-label={TAB_SCREENS[tab].label}
          hidden={tab !== active}
          data-tab={tab}
        >
          <RemoteScreen {...TAB_SCREENS[tab]} />
        </section>
      ))}
    </>
  );
}
