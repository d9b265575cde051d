import { FIRM } from '@brokerage/contracts/firm';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { MSG } from '@brokerage/contracts/messages';
import { authApi, useSession } from '@brokerage/api-client';
import { Button, ConfirmDialog } from '@brokerage/ui';
import { useLiveUpdates } from './live-events.js';
import { UnreadMessagesBadge } from './live-messages.js';

export interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (area home). */
  end?: boolean;
  icon?: ReactNode;
}

export interface AreaFrameProps {
  /** e.g. "Seller Portal" */
  areaLabel: string;
  /** Plain navigation items, or… */
  navItems?: NavItem[];
  /** …any navigation content (StepSidebar). */
  nav?: ReactNode;
  /** Name shown when the stored user has none (spec: "Buyer" on the buyer side). */
  defaultName?: string;
  /** The build id: kept in the sidebar's data-build attribute (smoke checks, support), never shown to users. */
  buildTag?: string;
  children: ReactNode;
}

const DRAWER_QUERY = '(max-width: 900px)';

/** True while the layout is the small-screen one (sidebar as a slide-out drawer). */
function useDrawerLayout(): boolean {
  return useSyncExternalStore(
    (cb) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const mq = window.matchMedia(DRAWER_QUERY);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => (typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(DRAWER_QUERY).matches),
    () => false,
  );
}

const ROLE_LABEL: Record<string, string> = { BROKER: 'Broker', AGENT: 'Agent', SELLER: 'Seller', BUYER: 'Buyer' };

/** An area's frame: sidebar (drawer on small screens) with navigation, the user, Sign out; the page beside it. */
export function AreaFrame({ areaLabel, navItems, nav, defaultName = 'User', buildTag, children }: AreaFrameProps) {
  const user = useSession((s) => s.user);
  // every portal screen follows the other parties' changes (GET /api/events → the queries each event touches)
  useLiveUpdates();
  const [drawer, setDrawer] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { pathname } = useLocation();
  const drawerLayout = useDrawerLayout();
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  // The drawer closes on route change.
  useEffect(() => setDrawer(false), [pathname]);
  useEffect(() => {
    if (!drawer) return;
    // Move focus into the drawer; Escape closes it and gives focus back to the menu button.
    sidebar.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setDrawer(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer]);
  // A closed drawer is off-screen: keep it out of the tab order and the accessibility tree.
  const sidebarHidden = drawerLayout && !drawer;

  const name = user?.name?.trim() || defaultName;
  const role = user?.role ? ROLE_LABEL[String(user.role).toUpperCase()] ?? String(user.role) : '';
  const initial = name.charAt(0).toUpperCase();

  return (
    <div className="bb-area" data-drawer={drawer ? 'open' : 'closed'}>
      <header className="bb-topbar">
        <Button
          ref={menuButton}
          variant="ghost"
          size="sm"
          aria-label="Open menu"
          aria-expanded={drawer}
          aria-controls="bb-sidebar"
          onClick={() => setDrawer(true)}
        >
          <span aria-hidden="true" style={{ fontSize: '1.3rem', lineHeight: 1 }}>
            ☰
          </span>
        </Button>
        <strong>{areaLabel}</strong>
      </header>
      <button
        type="button"
        className="bb-drawer-backdrop"
        aria-label="Close menu"
        tabIndex={drawer ? 0 : -1}
        onClick={() => setDrawer(false)}
      />
      <aside
        ref={sidebar}
        className="bb-sidebar"
        id="bb-sidebar"
        aria-label={`${areaLabel} sidebar`}
        inert={sidebarHidden || undefined}
        data-build={buildTag || undefined}
      >
        <div className="bb-sidebar__brand">
          <span className="bb-sidebar__brand-name">{FIRM.name}</span>
          <span className="bb-sidebar__brand-sub">{areaLabel}</span>
        </div>
        <nav className="bb-sidebar__nav" aria-label={`${areaLabel} navigation`}>
          {nav ?? (
            <ul>
              {navItems?.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className="bb-navlink">
                    {item.icon}
                    <span>{item.label}</span>
                    {item.to.endsWith('/messages') && <UnreadMessagesBadge />}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="bb-sidebar__user">
          <span className="bb-avatar" aria-hidden="true">
            {initial}
          </span>
          <div style={{ minWidth: 0 }}>
            <div className="bb-sidebar__user-name" data-testid="sidebar-user-name">
              {name}
            </div>
            {role && <div className="bb-sidebar__user-role">{role}</div>}
          </div>
        </div>
        <Button variant="ghost" size="sm" className="bb-sidebar__signout" onClick={() => setConfirming(true)}>
          Sign out
        </Button>
      </aside>
      <div className="bb-main">
        <main className="bb-content" id="main">
          {children}
        </main>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Confirm sign out"
        message={MSG.logoutConfirm}
        confirmLabel="Sign out"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          // logout call, clear everything, /login — even if the call fails (spec part 2 §2).
          await authApi.signOut();
          setConfirming(false);
        }}
      />
    </div>
  );
}
