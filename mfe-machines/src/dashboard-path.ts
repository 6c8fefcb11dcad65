import { staffUrls } from 'contracts';

/**
 * Where 'Zurück' and a saved form go: the dashboard (`/`), on the tab the user came from. Without the
 * tab the shell would open its default tab, 'Prüfbericht erstellen'.
 */
export const DASHBOARD_PATH = staffUrls.tab('machine_list');
