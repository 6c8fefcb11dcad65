import { allows, staffRoutes } from 'contracts';
import { NavLink } from 'react-router-dom';
import { useRoles } from '../../../app/use-roles';
import { adminMessages } from '../messages';

/** The admin area's screens, as far as the account's roles reach (an auditor sees only the trail). */
export function AdminNav() {
  const text = adminMessages.nav;
  const roles = useRoles();
  return (
    <nav className="sh-admin-nav" aria-label={text.label}>
      {allows(roles, 'administer') && (
        <NavLink to={staffRoutes.adminAccounts} className="sh-admin-nav__link">
          {text.accounts}
        </NavLink>
      )}
      <NavLink to={staffRoutes.auditLog} className="sh-admin-nav__link">
        {text.audit}
      </NavLink>
    </nav>
  );
}
