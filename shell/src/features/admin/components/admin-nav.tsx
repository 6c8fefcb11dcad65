import { allows, staffRoutes } from 'contracts';
import { NavLink } from 'react-router-dom';
import { useT } from 'shared-ui';
import { useRoles } from '../../../app/use-roles';
import { adminCatalogs } from '../catalogs';

/** The admin area's screens, as far as the account's roles reach (an auditor sees only the trail). */
export function AdminNav() {
  const t = useT(adminCatalogs);
  const roles = useRoles();
  return (
    <nav className="sh-admin-nav" aria-label={t('nav.label')}>
      {allows(roles, 'administer') && (
        <NavLink to={staffRoutes.adminAccounts} className="sh-admin-nav__link">
          {t('nav.accounts')}
        </NavLink>
      )}
      <NavLink to={staffRoutes.auditLog} className="sh-admin-nav__link">
        {t('nav.audit')}
      </NavLink>
      {allows(roles, 'administer') && (
        <NavLink to={staffRoutes.adminJobs} className="sh-admin-nav__link">
          {t('nav.jobs')}
        </NavLink>
      )}
    </nav>
  );
}
