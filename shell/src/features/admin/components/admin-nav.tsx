import { staffRoutes } from 'contracts';
import { NavLink } from 'react-router-dom';
import { adminMessages } from '../messages';

/** The admin area's two screens. */
export function AdminNav() {
  const text = adminMessages.nav;
  return (
    <nav className="sh-admin-nav" aria-label={text.label}>
      <NavLink to={staffRoutes.adminAccounts} className="sh-admin-nav__link">
        {text.accounts}
      </NavLink>
      <NavLink to={staffRoutes.auditLog} className="sh-admin-nav__link">
        {text.audit}
      </NavLink>
    </nav>
  );
}
