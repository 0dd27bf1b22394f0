import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../lib/auth-store';
import { useConfig } from '../lib/config';
import { CloseIcon, LogoIcon, MenuIcon } from '../components/icons';

// Loaded on the menu's first opening: the first visit's entry script has a tight budget. It holds
// the theme choice and how the open menu closes: a click outside, Escape, focus leaving it.
const OpenMenu = lazy(() => import('../components/open-menu'));

export function Header() {
  const userInfo = useUserInfo();
  const registration = useConfig(!userInfo).config?.registration ?? 'open';
  const navigate = useNavigate();
  const location = useLocation();
  // The address the menu was opened on; null while it is closed. The router changes the address
  // (window.location) before React commits the new screen, in a transition: a menu opened in
  // between was opened on the new screen's address, and that commit leaves it open.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isOpen = openedOn !== null;
  const menuId = useId();

  // Any other navigation (a link in the menu or elsewhere, Back) closes it.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    if (openedOn !== location.pathname) setOpenedOn(null);
  }

  // Stable: the open menu's listeners (components/open-menu.tsx) are set up once per opening.
  const close = useCallback(() => setOpenedOn(null), []);

  const onLogout = async () => {
    close();
    const { logoutUser } = await import('./logout');
    // False: the user chose to stay rather than discard sessions not yet synced.
    if (await logoutUser()) navigate('/');
  };

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand">
          <span className="brand-mark">
            <LogoIcon width={22} height={22} />
          </span>
          <span className="brand-name">Workout Tracker</span>
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={isOpen}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setOpenedOn((on) => (on === null ? window.location.pathname : null))}
        >
          {isOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <nav id={menuId} className={`menu${isOpen ? ' is-open' : ''}`} aria-label="Main">
          <ul>
            <MenuLink to="/" label="Home" onClick={close} end />
            <MenuLink to="/contact" label="Contact" onClick={close} />
            {isOpen && (
              <Suspense>
                <OpenMenu close={close} />
              </Suspense>
            )}
            {userInfo ? (
              <>
                <MenuLink to="/profile" label="Profile" onClick={close} />
                {userInfo.isAdmin && <MenuLink to="/" label="Admin" onClick={close} end />}
                <li>
                  <button type="button" className="menu-item menu-logout" onClick={onLogout}>
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <>
                <MenuLink to="/login" label="Login" onClick={close} />
                {registration === 'open' && <MenuLink to="/register" label="Register" onClick={close} />}
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function MenuLink(props: { to: string; label: string; onClick: () => void; end?: boolean }) {
  return (
    <li>
      <NavLink to={props.to} end={props.end} className="menu-item" onClick={props.onClick}>
        {props.label}
      </NavLink>
    </li>
  );
}
