import { useEffect } from 'react';

// Without react-router: the login screen sets its title too, and loads no router (docs/architecture.md#budgets).

/** What every title ends with, so a tab or a bookmark says which application it is (shell/webpack.config.ts). */
const APP = 'BDS PRÜFBERICHT SOFTWARE';

/** Sets the browser tab's title while the screen is shown: each screen its own (WCAG 2.4.2). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – ${APP}`;
  }, [title]);
}

/** The screen titles of the staff app, by route (shell/src/app/routes.tsx). */
export const TITLES = {
  login: 'Anmelden',
  machineNew: 'Neue Maschine',
  machineEdit: (id: string) => `Maschine ${id}`,
  machineTestPlan: (id: string) => `Prüfplan der Maschine ${id}`,
  certificatePrint: (id: string) => `Prüfbericht Nr. ${id} drucken`,
  certificateDetail: (id: string) => `Prüfbericht Nr. ${id}`,
  unit: (serial: string) => `Einheit ${serial}`,
  labels: 'Etiketten drucken',
  account: 'Mein Konto',
  adminAccounts: 'Konten – Verwaltung',
  auditLog: 'Protokoll',
  notFound: 'Seite nicht gefunden',
} as const;
