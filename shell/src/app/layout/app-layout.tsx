import type { ReactNode } from 'react';
import { messages } from 'shared-ui';
import type { Tab } from '../../tabs';
import { AccountGate } from '../../features/account/components/account-gate';
import { Header } from './header';
import './app-layout.css';

export function AppLayout({ activeTab = null, children }: { activeTab?: Tab | null; children: ReactNode }) {
  return (
    <div className="sh-layout">
      <a className="sh-skip-link" href="#main">
        {messages.header.skipToContent}
      </a>
      <Header activeTab={activeTab} />
      <main id="main" className="sh-main" tabIndex={-1}>
        <AccountGate>{children}</AccountGate>
      </main>
    </div>
  );
}
