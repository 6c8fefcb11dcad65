import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from 'shared-ui';
import { shellCatalogs } from '../../../catalogs';
import { RemoteScreen } from '../../../federation/remote-screen';
import { useRoles } from '../../../app/use-roles';
import { parseTab, TAB_SCREENS, tabsFor, type Tab } from '../../../tabs';

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Puts the keyboard on the panel's first field (on the certificate form: MARKE), at once or as soon as the
 * tab's remote has rendered it. Returns the clean-up that stops waiting.
 */
function focusFirstField(panel: HTMLElement): () => void {
  const focus = () => {
    const field = panel.querySelector<HTMLElement>(FIELD);
    field?.focus();
    return field !== null;
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(panel, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The tabs of `/` the account's roles allow. A tab's remote is loaded when the tab is first opened; opened tabs stay mounted
 * (hidden) so a half-filled form survives switching tabs. The page's one h1 names the active tab.
 */
export function Dashboard() {
  const [params] = useSearchParams();
  const allowed = tabsFor(useRoles());
  const active = parseTab(params.get('tab'), allowed);
  const t = useT(shellCatalogs);
  const [opened, setOpened] = useState<Tab[]>([active]);
  if (!opened.includes(active)) setOpened([...opened, active]);

  useEffect(() => {
    const panel = document.getElementById(`panel-${active}`);
    return panel ? focusFirstField(panel) : undefined;
  }, [active]);

  return (
    <>
      <h1 className="sui-visually-hidden">{t(`tab.${active}`)}</h1>
      {allowed
        .filter((tab) => opened.includes(tab))
        .map((tab) => (
          <section
            key={tab}
            id={`panel-${tab}`}
            className="sh-panel"
            aria-label={t(`tab.${tab}`)}
            hidden={tab !== active}
            data-tab={tab}
          >
            <RemoteScreen {...TAB_SCREENS[tab]} />
          </section>
        ))}
    </>
  );
}
