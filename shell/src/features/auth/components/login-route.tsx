import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from 'shared-ui';
import { returnPath } from '../return-path';
import { LoginPage } from './login-page';

/**
 * `/login` inside the app: a signed-in user (already, or just now) goes where the guard sent them from
 * (shared-ui RequireAuth passes it as `state.from`), else to the dashboard.
 */
export function LoginRoute() {
  const token = useToken();
  const from = (useLocation().state as { from?: { pathname: string; search?: string } } | null)?.from;
  const wanted = returnPath(from && from.pathname + (from.search ?? ''));
  if (token) return <Navigate to={wanted} replace />;
  return <LoginPage returnTo={wanted} />;
}
