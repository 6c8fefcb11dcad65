import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { allows, type RoleNeed } from 'contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { messages, RequireAuth, Spinner, useToken } from 'shared-ui';
import { ErrorBoundary } from '../federation/error-boundary';
import RemoteUnavailable from '../federation/remote-unavailable';
import { RemoteScreen } from '../federation/remote-screen';
import { LoginRoute } from '../features/auth/components/login-route';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { parseTab, tabsFor } from '../tabs';
import { useRoles } from './use-roles';
import { AppLayout } from './layout/app-layout';
import { staffRoutes, type ScreenRef } from 'contracts';

function DashboardRoute() {
  const [params] = useSearchParams();
  const allowed = tabsFor(useRoles());
  return (
    <RequireAuth>
      <AppLayout activeTab={parseTab(params.get('tab'), allowed)}>
        <Dashboard />
      </AppLayout>
    </RequireAuth>
  );
}

/** A staff screen from a remote, under the header without tabs. */
function StaffScreen({ need, ...screen }: ScreenRef & { need: RoleNeed }) {
  const roles = useRoles();
  return (
    <RequireAuth>
      <AppLayout>{allows(roles, need) ? <RemoteScreen {...screen} /> : <NotAllowed />}</AppLayout>
    </RequireAuth>
  );
}

// The own-account screen and the admin area: the shell's own screens, each a chunk of its own.
const AccountPage = lazy(() => import('../features/account/components/account-page'));
const AccountsPage = lazy(() => import('../features/admin/components/accounts-page'));
const AuditLogPage = lazy(() => import('../features/admin/components/audit-log-page'));

/** A screen of the shell's own; `admin` ones only for administrators (the API refuses the others anyway). */
function ShellScreen({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const roles = useRoles();
  return (
    <RequireAuth>
      <AppLayout>
        {admin && !allows(roles, 'administer') ? (
          <NotAllowed />
        ) : (
          <ErrorBoundary fallback={<RemoteUnavailable />}>
            <Suspense fallback={<Spinner />}>{children}</Suspense>
          </ErrorBoundary>
        )}
      </AppLayout>
    </RequireAuth>
  );
}

function NotAllowed() {
  return (
    <div className="sh-not-found">
      <h1>{messages.notAllowed}</h1>
      <Link to="/">{messages.backHome}</Link>
    </div>
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
      <Route
        path={staffRoutes.machineNew}
        element={<StaffScreen remote="machines" expose="MachineForm" need="catalogue" />}
      />
      <Route
        path={staffRoutes.machineEdit}
        element={<StaffScreen remote="machines" expose="MachineForm" need="catalogue" />}
      />
      <Route
        path={staffRoutes.certificatePrint}
        element={<StaffScreen remote="certificates" expose="CertificatePrint" need="read" />}
      />
      <Route
        path={staffRoutes.labels}
        element={<StaffScreen remote="certificates" expose="Labels" need="certify" />}
      />
      <Route
        path={staffRoutes.account}
        element={
          <ShellScreen>
            <AccountPage />
          </ShellScreen>
        }
      />
      <Route
        path={staffRoutes.adminAccounts}
        element={
          <ShellScreen admin>
            <AccountsPage />
          </ShellScreen>
        }
      />
      <Route
        path={staffRoutes.auditLog}
        element={
          <ShellScreen admin>
            <AuditLogPage />
          </ShellScreen>
        }
      />
      <Route
        path={staffRoutes.certificateDetail}
        element={<StaffScreen remote="certificates" expose="CertificateDetail" need="read" />}
      />
      <Route
        path={staffRoutes.unit}
        element={<StaffScreen remote="certificates" expose="UnitView" need="read" />}
      />
      {/* Public: in one-port mode the server answers /landing/… with the standalone page instead. */}
      <Route path={staffRoutes.landing} element={<RemoteScreen remote="landing" expose="Landing" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
