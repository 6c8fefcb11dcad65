import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { allows, type RoleNeed } from 'contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { RequireAuth, Spinner, useT, useToken } from 'shared-ui';
import { shellCatalogs } from '../catalogs';
import { ErrorBoundary } from '../federation/error-boundary';
import RemoteUnavailable from '../federation/remote-unavailable';
import { RemoteScreen } from '../federation/remote-screen';
import { LoginRoute } from '../features/auth/components/login-route';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { parseTab, tabsFor } from '../tabs';
import { useRoles } from './use-roles';
import { AppLayout } from './layout/app-layout';
import { appCatalogs } from './catalogs';
import { useDocumentTitle } from './document-title';
import { Titled } from './titled';
import { staffRoutes, type ScreenRef } from 'contracts';

function DashboardRoute() {
  const [params] = useSearchParams();
  const allowed = tabsFor(useRoles());
  const tab = parseTab(params.get('tab'), allowed);
  const t = useT(shellCatalogs);
  useDocumentTitle(t(`tab.${tab}`));
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
const JobsPage = lazy(() => import('../features/admin/components/jobs-page'));

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
  const t = useT(appCatalogs);
  return (
    <div className="sh-not-found">
      <h1>{t('notAllowed')}</h1>
      <Link to="/">{t('backHome')}</Link>
    </div>
  );
}

/** Signed in, it sits in the app's layout (header, tabs, sign-out); signed out, it stands alone. */
function NotFound() {
  const t = useT(appCatalogs);
  const token = useToken();
  useDocumentTitle(t('title.notFound'));
  const page = (
    <div className="sh-not-found">
      <h1>{t('title.notFound')}</h1>
      <Link to="/">{t('backHome')}</Link>
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
          <Titled title="machineNew">
            <StaffScreen remote="machines" expose="MachineForm" need="catalogue" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.machineEdit}
        element={
          <Titled title="machineEdit">
            <StaffScreen remote="machines" expose="MachineForm" need="catalogue" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.machineTestPlan}
        element={
          <Titled title="machineTestPlan">
            <StaffScreen remote="machines" expose="MachineTestPlan" need="read" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.certificatePrint}
        element={
          <Titled title="certificatePrint">
            <StaffScreen remote="certificates" expose="CertificatePrint" need="read" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.labels}
        element={
          <Titled title="labels">
            <StaffScreen remote="certificates" expose="Labels" need="certify" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.account}
        element={
          <Titled title="account">
            <ShellScreen>
              <AccountPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.adminAccounts}
        element={
          <Titled title="adminAccounts">
            <ShellScreen need="administer">
              <AccountsPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.auditLog}
        element={
          <Titled title="auditLog">
            <ShellScreen need="audit">
              <AuditLogPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.adminJobs}
        element={
          <Titled title="adminJobs">
            <ShellScreen need="administer">
              <JobsPage />
            </ShellScreen>
          </Titled>
        }
      />
      <Route
        path={staffRoutes.certificateDetail}
        element={
          <Titled title="certificateDetail">
            <StaffScreen remote="certificates" expose="CertificateDetail" need="read" />
          </Titled>
        }
      />
      <Route
        path={staffRoutes.unit}
        element={
          <Titled title="unit">
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
