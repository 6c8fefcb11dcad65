import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { messages, RequireAuth } from 'shared-ui';
import { RemoteScreen } from '../federation/remote-screen';
import { LoginRoute } from '../features/auth/components/login-route';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { parseTab } from '../tabs';
import { AppLayout } from './layout/app-layout';
import type { ScreenRef } from 'contracts';

function DashboardRoute() {
  const [params] = useSearchParams();
  return (
    <RequireAuth>
      <AppLayout activeTab={parseTab(params.get('tab'))}>
        <Dashboard />
      </AppLayout>
    </RequireAuth>
  );
}

/** A staff screen from a remote, under the header without tabs. */
function StaffScreen(screen: ScreenRef) {
  return (
    <RequireAuth>
      <AppLayout>
        <RemoteScreen {...screen} />
      </AppLayout>
    </RequireAuth>
  );
}

function NotFound() {
  return (
    <main className="sh-not-found">
      <h1>{messages.notFound}</h1>
      <Link to="/">{messages.backHome}</Link>
    </main>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/" element={<DashboardRoute />} />
      <Route path="/machines" element={<StaffScreen remote="machines" expose="MachineForm" />} />
      <Route path="/machines/:id" element={<StaffScreen remote="machines" expose="MachineForm" />} />
      <Route path="/pdf/:id" element={<StaffScreen remote="certificates" expose="CertificatePrint" />} />
      <Route path="/labels" element={<StaffScreen remote="certificates" expose="Labels" />} />
      {/* Public: in one-port mode the server answers /landing/… with the standalone page instead. */}
      <Route path="/landing/:id/:serial?" element={<RemoteScreen remote="landing" expose="Landing" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
