import { allows, staffRoutes, telHref } from 'contracts';
import { Link, NavLink } from 'react-router-dom';
import { getConfig, useT, useToken } from 'shared-ui';
import { shellCatalogs } from '../../catalogs';
import { LanguageSwitch } from '../../components/language-switch';
import { useChangeLanguage } from '../../features/account/api/change-language';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { showsLabelButton, tabsFor, type Tab } from '../../tabs';
import { useRoles } from '../use-roles';
import { Logo } from '../../components/logo';
import './header.css';

/**
 * The label page: an operator-configured external page gets the token in its address, as in the earlier app
 * (docs/earlier-app.md); the built-in `/labels` runs in this origin and reads the token from storage, so no URL of ours carries it (docs/decisions/0003-raw-token-header.md).
 */
export function labelPageUrl(labelPrintUrl: string | null, token: string | null): string {
  if (!labelPrintUrl) return '/labels';
  const url = new URL(labelPrintUrl);
  url.searchParams.set('token', token ?? '');
  return url.toString();
}

/** The company's logo, e-mail and phone from the runtime config; nothing when none is configured. */
function Company() {
  const { companyName, companyEmail, companyPhone, companyLogo } = getConfig();
  if (!companyEmail && !companyPhone && !companyLogo) return null;
  return (
    <div className="sh-header__company" role="group" aria-label={companyName}>
      {companyLogo && <img className="sh-header__company-logo" src={companyLogo} alt={companyName} />}
      {companyEmail && <a href={`mailto:${companyEmail}`}>{companyEmail}</a>}
      {companyPhone && <a href={telHref(companyPhone)}>{companyPhone}</a>}
    </div>
  );
}

/**
 * Dark header: logo, the tabs the account's roles allow with the active one marked, the company, the labels
 * button for inspectors, the admin area for administrators, the own account and sign-out.
 */
export function Header({ activeTab }: { activeTab: Tab | null }) {
  const t = useT(shellCatalogs);
  const token = useToken();
  const roles = useRoles();
  const changeLanguage = useChangeLanguage();
  return (
    <header className="sh-header">
      <div className="sh-header__bar">
        {/* Named by its visible text (the logo's wordmark), so speech input finds it by what it shows. */}
        <Link to="/" className="sh-header__home">
          <Logo />
        </Link>
        {/* On every screen, so the areas are one click away from a certificate, a unit or the admin area. */}
        {token && (
          <nav className="sh-header__tabs" aria-label={t('header.navigation')}>
            {tabsFor(roles).map((tab) => (
              <Link
                key={tab}
                to={{ pathname: '/', search: `?tab=${tab}` }}
                className="sh-header__tab"
                aria-current={tab === activeTab ? 'page' : undefined}
              >
                {t(`tab.${tab}`)}
              </Link>
            ))}
          </nav>
        )}
        <div className="sh-header__actions">
          <Company />
          {showsLabelButton(activeTab, roles) && (
            <a
              className="sui-button sh-header__labels"
              href={labelPageUrl(getConfig().labelPrintUrl, token)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('header.printLabels')}
            </a>
          )}
          {allows(roles, 'administer') ? (
            <NavLink to={staffRoutes.adminAccounts} className="sh-header__link">
              {t('header.admin')}
            </NavLink>
          ) : (
            allows(roles, 'audit') && (
              <NavLink to={staffRoutes.auditLog} className="sh-header__link">
                {t('header.auditLog')}
              </NavLink>
            )
          )}
          {token && (
            <LanguageSwitch
              className="sh-header__language"
              hideLabel
              disabled={changeLanguage.isPending}
              onChange={(language) => changeLanguage.mutate(language)}
            />
          )}
          <NavLink to={staffRoutes.account} className="sh-header__link">
            {t('header.account')}
          </NavLink>
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
