import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { allows, type RoleNeed } from 'contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { messages, RequireAuth, Spinner, useToken } from 'shared-ui';
import { ErrorBoundary } from '../federation/error-boundary';
import RemoteUnavailable from '../federation/remote-unavailable';
import { RemoteScreen } from '../federation/remote-screen';
import { LoginRoute } from '../features/auth/components/login-route';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { parseTab, TAB_SCREENS, tabsFor } from '../tabs';
import { useRoles } from './use-roles';
import { AppLayout } from './layout/app-layout';
import { TITLES, useDocumentTitle } from './document-title';
import { Titled } from './titled';
import { staffRoutes, type ScreenRef } from 'contracts';

function DashboardRoute() {
  const [params] = useSearchParams();
  const allowed = tabsFor(useRoles());
  const tab = parseTab(params.get('tab'), allowed);
  useDocumentTitle(TAB_SCREENS[tab].label);
  return (
    <RequireAuth>
      <AppLayout activeTab={tab}>
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

/** A screen of the shell's own, for the roles `need` allows (the API refuses the others anyway). */
function ShellScreen({ children, need }: { children: ReactNode; need?: RoleNeed }) {
  const roles = useRoles();
  return (
    <RequireAuth>
      <AppLayout>
        {need && !allows(roles, need) ? (
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
  useDocumentTitle(TITLES.notFound);
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
        element={
          <Titled title={TITLES.machineNew}>
            <StaffScreen remote="machines" expose="MachineForm" need="catalogue" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.machineEdit}
        element={
          <Titled title={TITLES.machineEdit}>
            <StaffScreen remote="machines" expose="MachineForm" need="catalogue" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.machineTestPlan}
        element={
          <Titled title={TITLES.machineTestPlan}>
            <StaffScreen remote="machines" expose="MachineTestPlan" need="read" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.certificatePrint}
        element={
          <Titled title={TITLES.certificatePrint}>
            <StaffScreen remote="certificates" expose="CertificatePrint" need="read" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.labels}
        element={
          <Titled title={TITLES.labels}>
            <StaffScreen remote="certificates" expose="Labels" need="certify" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.account}
        element={
          <Titled title={TITLES.account}>
            <ShellScreen>
              <AccountPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.adminAccounts}
        element={
          <Titled title={TITLES.adminAccounts}>
            <ShellScreen need="administer">
              <AccountsPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.auditLog}
        element={
          <Titled title={TITLES.auditLog}>
            <ShellScreen need="audit">
              <AuditLogPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.certificateDetail}
        element={
          <Titled title={TITLES.certificateDetail}>
            <StaffScreen remote="certificates" expose="CertificateDetail" need="read" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.unit}
        element={
          <Titled title={TITLES.unit}>
            <StaffScreen remote="certificates" expose="UnitView" need="read" />
          </Titled>
        }
      />
      {/* Public: in one-port mode the server answers /landing/… with the standalone page instead. */}
      <Route path={staffRoutes.landing} element={<RemoteScreen remote="landing" expose="Landing" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
