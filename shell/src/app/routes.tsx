import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { messages, RequireAuth, useToken } from 'shared-ui';
import { RemoteScreen } from '../federation/remote-screen';
import { LoginRoute } from '../features/auth/components/login-route';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { parseTab } from '../tabs';
import { AppLayout } from './layout/app-layout';
import { staffRoutes, type ScreenRef } from 'contracts';

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

/** Signed in, it sits in the app's layout (header, tabs, sign-out); signed out, it stands alone. */
function NotFound() {
  const token = useToken();
  const page = (
    <div className="sh-not-found">
      <h1>{messages.notFound}</h1>
      <Link to="/">{messages.backHome}</Link>
    </div>
  );
  return token ? <AppLayout>{page}</AppLayout> : <main>{page}</main>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={staffRoutes.login} element={<LoginRoute />} />
      <Route path={staffRoutes.dashboard} element={<DashboardRoute />} />
      <Route path={staffRoutes.machineNew} element={<StaffScreen remote="machines" expose="MachineForm" />} />
      <Route
        path={staffRoutes.machineEdit}
        element={<StaffScreen remote="machines" expose="MachineForm" />}
      />
      <Route
        path={staffRoutes.certificatePrint}
        element={<StaffScreen remote="certificates" expose="CertificatePrint" />}
      />
      <Route path={staffRoutes.labels} element={<StaffScreen remote="certificates" expose="Labels" />} />
      {/* Public: in one-port mode the server answers /landing/… with the standalone page instead. */}
      <Route path={staffRoutes.landing} element={<RemoteScreen remote="landing" expose="Landing" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
