import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setNavigator } from 'shared-ui';

/** Lets the HTTP client's 401 handling navigate through the router instead of reloading the page. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
