import { Navigate } from 'react-router-dom';
import { useToken } from 'shared-ui';
import { LoginPage } from './login-page';

/** `/login` inside the app: a signed-in user (already, or just now) goes to the dashboard. */
export function LoginRoute() {
  const token = useToken();
  if (token) return <Navigate to="/" replace />;
  return <LoginPage />;
}
