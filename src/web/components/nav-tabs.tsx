import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { Icon, type IconProps } from './icons';
import { CalendarIcon, DumbbellIcon } from './page-icons';
import { useUserInfo } from '../lib/auth-store';
import { paths } from '../lib/paths';

const ListIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </Icon>
);

const PersonIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

type Tab = 'workout' | 'history' | 'logs' | 'profile';

const TABS: Array<{ tab: Tab; to: string; label: string; icon: ReactNode }> = [
  { tab: 'workout', to: '/workout', label: 'Workout', icon: <DumbbellIcon /> },
  { tab: 'history', to: '/history', label: 'History', icon: <CalendarIcon /> },
  { tab: 'logs', to: paths.logs, label: 'Logs', icon: <ListIcon /> },
  { tab: 'profile', to: '/profile', label: 'Profile', icon: <PersonIcon /> },
];

/** Which tab a path belongs to: a log's gym screens are the Workout tab's, the rest of /logs is Logs. */
export function currentTab(pathname: string): Tab | null {
  if (pathname === '/workout' || /^\/logs\/[^/]+\/(workouts|routines)(\/|$)/.test(pathname)) return 'workout';
  if (pathname === '/history' || pathname.startsWith('/history/')) return 'history';
  if (pathname === '/logs' || pathname.startsWith('/logs/')) return 'logs';
  if (pathname === '/profile') return 'profile';
  return null;
}

/**
 * The four places of a signed-in user (docs/api.md §14): a tab bar at the bottom below 768 px, the
 * same links in the header from 768 px (styles/layout.css shows one or the other). Rendered by the
 * data layout (app/data-layout.tsx), never by the header itself, so none of it is in the first
 * visit's entry script (decision 0029), and its styles are in styles/layout.css so the data chunk
 * stays without a stylesheet of its own: the header's copy goes into a slot made here, before the menu button, so the
 * keyboard meets it in the order it is seen.
 */
export function NavTabs() {
  const userInfo = useUserInfo();
  const { pathname } = useLocation();
  const slot = useHeaderSlot();
  if (!userInfo) return null;
  const current = currentTab(pathname);
  const links = (className: string) =>
    TABS.map(({ tab, to, label, icon }) => (
      <li key={tab}>
        <Link to={to} className={className} aria-current={current === tab ? 'page' : undefined}>
          {icon}
          <span>{label}</span>
        </Link>
      </li>
    ));
  return (
    <>
      {createPortal(
        <nav className="header-tabs" aria-label="Tabs">
          <ul>{links('header-tab')}</ul>
        </nav>,
        slot,
      )}
      {createPortal(
        <nav className="tab-bar" aria-label="Tabs">
          <ul>{links('tab-bar-item')}</ul>
        </nav>,
        document.body,
      )}
    </>
  );
}

/**
 * An element of ours inside the header, before its menu button, for as long as this is shown. It
 * is made with the component and only moved into the header by the layout effect: the portal
 * renders into it in the same commit, so showing the tabs takes no second render (a state set in
 * a layout effect re-rendered the screen synchronously inside the first screen's commit, and ran
 * every effect of the screen in that same long task).
 */
function useHeaderSlot(): HTMLElement {
  const [slot] = useState(() => {
    const element = document.createElement('div');
    element.className = 'header-tabs-slot';
    return element;
  });
  useLayoutEffect(() => {
    const button = document.querySelector('.site-header .menu-button');
    if (!button?.parentNode) return;
    button.parentNode.insertBefore(slot, button);
    return () => slot.remove();
  }, [slot]);
  return slot;
}
