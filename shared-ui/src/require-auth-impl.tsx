import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from './auth';

/** Staff screens need the stored token; without it `/login`, replacing the history entry. */
export default function RequireAuthImpl({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
