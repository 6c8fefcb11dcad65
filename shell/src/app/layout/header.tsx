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

/** Outline icons of the header's links (24 × 24, drawn here). */
const ICONS = {
  admin:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  audit:
    'M9 4h6M9 4a2 2 0 0 0-2 2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-1a2 2 0 0 0-2-2M8 12h8M8 16h5',
  account: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
};

/**
 * A link of the account's area: its words on a wide screen; between a phone and 1200 px only its icon shows, the
 * words stay its name for screen readers and speech input, and its tooltip.
 */
function HeaderLink({ to, icon, label }: { to: string; icon: keyof typeof ICONS; label: string }) {
  return (
    <NavLink to={to} className="sh-header__link" title={label}>
      <svg className="sh-header__link-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={ICONS[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sh-header__link-text">{label}</span>
    </NavLink>
  );
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
              {/* Below 1200 px only the short words show; the link's name stays the whole of them. */}
              <span className="sh-header__labels-short" aria-hidden="true">
                {t('header.printLabelsShort')}
              </span>
              <span className="sh-header__labels-long">{t('header.printLabels')}</span>
            </a>
          )}
          {allows(roles, 'administer') ? (
            <HeaderLink to={staffRoutes.adminAccounts} icon="admin" label={t('header.admin')} />
          ) : (
            allows(roles, 'audit') && (
              <HeaderLink to={staffRoutes.auditLog} icon="audit" label={t('header.auditLog')} />
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
          <HeaderLink to={staffRoutes.account} icon="account" label={t('header.account')} />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
