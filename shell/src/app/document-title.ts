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
