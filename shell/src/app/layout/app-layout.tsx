import type { ReactNode } from 'react';
import { useT } from 'shared-ui';
import { shellCatalogs } from '../../catalogs';
import type { Tab } from '../../tabs';
import { AccountGate } from '../../features/account/components/account-gate';
import { Header } from './header';
import './app-layout.css';

export function AppLayout({ activeTab = null, children }: { activeTab?: Tab | null; children: ReactNode }) {
  const t = useT(shellCatalogs);
  return (
    <div className="sh-layout">
      <a className="sh-skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <Header activeTab={activeTab} />
      <main id="main" className="sh-main" tabIndex={-1}>
        <AccountGate>{children}</AccountGate>
      </main>
    </div>
  );
}
