import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Button } from '@crease/ui';
import styles from './chrome.module.css';
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
  children: ReactNode;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

const LEGAL_LINKS = [
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/refund-policy', label: 'Refund policy' },
  { to: '/acceptable-use-policy', label: 'Acceptable use policy' },
  { to: '/accessibility', label: 'Accessibility' },
] as const;

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
  children,
}: ChromeProps) {
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
        Skip to content
      </a>
      {overrides.length > 0 ? (
        <aside aria-label="Developer override" className={styles.overrideBanner}>
          <p className={styles.overrideText}>
            <strong>Developer override active:</strong>{' '}
            {overrides.map((o) => `${o.remote} from ${originOf(o.manifestUrl)}`).join(', ')}
          </p>
          {onClearOverrides ? (
            <Button variant="ghost" onClick={onClearOverrides}>
              Clear
            </Button>
          ) : null}
        </aside>
      ) : null}
      <header ref={header} className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.brand} aria-label={`${productName} home`}>
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
              Menu
            </Button>
          ) : null}
          <nav
            id="main-nav"
            aria-label="Main"
            className={mainNavClass}
            onKeyDown={(event) => {
              if (event.key === 'Escape') closeMenu();
            }}
          >
            {signedIn ? (
              <>
                <NavLink to="/events" className={navClass} onClick={closeMenu}>
                  Events
                </NavLink>
                <NavLink to="/plans" className={navClass} onClick={closeMenu}>
                  Plans
                </NavLink>
                <NavLink to="/account" className={navClass} onClick={closeMenu}>
                  Account
                </NavLink>
                <Button
                  variant="ghost"
                  onClick={() => {
                    closeMenu();
                    onSignOut();
                  }}
                >
                  Sign out
                </Button>
              </>
            ) : (
              <>
                <NavLink to="/signin" className={navClass}>
                  Sign in
                </NavLink>
                <Link to="/register" className={styles.cta}>
                  Register
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
          <nav aria-label="Legal" className={styles.legal}>
            {LEGAL_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={styles.footerLink}>
                {link.label}
              </Link>
            ))}
            {onCookieSettings && (
              <button type="button" className={styles.footerButton} onClick={onCookieSettings}>
                Cookie settings
              </button>
            )}
          </nav>
          <p className={styles.copyright}>
            © {new Date().getFullYear()} {productName}. Live cricket, every ball.
          </p>
        </div>
      </footer>
    </div>
  );
}
