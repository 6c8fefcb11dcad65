import type { ReactNode } from 'react';
import type { Tab } from '../../tabs';
import { Header } from './header';
import './app-layout.css';

export function AppLayout({ activeTab = null, children }: { activeTab?: Tab | null; children: ReactNode }) {
  return (
    <div className="sh-layout">
      <Header activeTab={activeTab} />
      <main className="sh-main">{children}</main>
    </div>
  );
}
