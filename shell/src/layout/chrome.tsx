import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Button } from '@crease/ui';
import type { UiLanguage } from '@crease/contract';
import { useMessages } from '../messages';
import type { ShellMessageKey } from '../messages';
import styles from './chrome.module.css';
import { LanguageSwitcher } from './language-switcher';
import { useReservedScrollPadding } from './reserve-scroll-padding';

/** A remote loaded from a developer's localhost build (see remotes/remote-overrides). */
export interface OverrideNotice {
  remote: string;
  manifestUrl: string;
}

export interface ChromeProps {
  productName: string;
  signedIn: boolean;
  onSignOut(): void;
  /** Developer overrides in force: the page says so plainly while any is active. */
  overrides?: readonly OverrideNotice[];
  onClearOverrides?(): void;
  /** Reopens the cookie-consent choice (issue 34 §5): the footer's "Cookie settings". */
  onCookieSettings?(): void;
  /** The language the page is in, and the footer switcher's change (issue 34 §4). */
  language?: UiLanguage;
  onLanguageChange?(language: UiLanguage): void;
  children: ReactNode;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

const LEGAL_LINKS: readonly { to: string; label: ShellMessageKey }[] = [
  { to: '/terms-of-service', label: 'footer.terms' },
  { to: '/privacy-policy', label: 'footer.privacy' },
  { to: '/cookie-policy', label: 'footer.cookies' },
  { to: '/refund-policy', label: 'footer.refunds' },
  { to: '/acceptable-use-policy', label: 'footer.acceptableUse' },
  { to: '/accessibility', label: 'footer.accessibility' },
];

/**
 * Header, main and footer: presentational only, so the build can prerender it for the
 * welcome page and the browser renders the identical markup.
 */
export function Chrome({
  productName,
  signedIn,
  onSignOut,
  overrides = [],
  onClearOverrides,
  onCookieSettings,
  language = 'en',
  onLanguageChange,
  children,
}: ChromeProps) {
  const { t } = useMessages();
  // Signed in, four items do not fit beside the brand on a phone: there they sit behind a Menu
  // button (decision 199). CSS decides when the button shows; the state only opens and closes.
  const [menuOpen, setMenuOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  useReservedScrollPadding(header, 'top');
  const closeMenu = () => setMenuOpen(false);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
  const mainNavClass = signedIn
    ? [styles.nav, styles.collapsible, menuOpen ? styles.open : ''].filter(Boolean).join(' ')
    : styles.nav;
  return (
    <div className={styles.app}>
      <a className={styles.skipLink} href="#main">
        {t('chrome.skipLink')}
      </a>
      {overrides.length > 0 ? (
        <aside aria-label={t('chrome.override.label')} className={styles.overrideBanner}>
          <p className={styles.overrideText}>
            <strong>{t('chrome.override.active')}</strong>{' '}
            {overrides
              .map((o) =>
                t('chrome.override.item', { remote: o.remote, origin: originOf(o.manifestUrl) }),
              )
              .join(', ')}
          </p>
          {onClearOverrides ? (
            <Button variant="ghost" onClick={onClearOverrides}>
              {t('chrome.override.clear')}
            </Button>
          ) : null}
        </aside>
      ) : null}
      <header ref={header} className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.brand} aria-label={t('chrome.home', { productName })}>
            <span className={styles.logo} aria-hidden="true">
              ●
            </span>
            {productName}
          </Link>
          {signedIn ? (
            <Button
              variant="ghost"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {t('chrome.menu')}
            </Button>
          ) : null}
          <nav
            id="main-nav"
            aria-label={t('chrome.nav.label')}
            className={mainNavClass}
            onKeyDown={(event) => {
              if (event.key === 'Escape') closeMenu();
            }}
          >
            {signedIn ? (
              <>
                <NavLink to="/events" className={navClass} onClick={closeMenu}>
                  {t('chrome.nav.events')}
                </NavLink>
                <NavLink to="/plans" className={navClass} onClick={closeMenu}>
                  {t('chrome.nav.plans')}
                </NavLink>
                <NavLink to="/account" className={navClass} onClick={closeMenu}>
                  {t('chrome.nav.account')}
                </NavLink>
                <Button
                  variant="ghost"
                  onClick={() => {
                    closeMenu();
                    onSignOut();
                  }}
                >
                  {t('chrome.signOut')}
                </Button>
              </>
            ) : (
              <>
                <NavLink to="/signin" className={navClass}>
                  {t('chrome.signIn')}
                </NavLink>
                <Link to="/register" className={styles.cta}>
                  {t('chrome.register')}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <nav aria-label={t('footer.legal')} className={styles.legal}>
            {LEGAL_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={styles.footerLink}>
                {t(link.label)}
              </Link>
            ))}
            {onCookieSettings && (
              <button type="button" className={styles.footerButton} onClick={onCookieSettings}>
                {t('footer.cookieSettings')}
              </button>
            )}
          </nav>
          <LanguageSwitcher language={language} onChange={onLanguageChange} />
          <p className={styles.copyright}>
            {t('footer.copyright', { year: String(new Date().getFullYear()), productName })}
          </p>
        </div>
      </footer>
    </div>
  );
}
