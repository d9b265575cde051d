import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MAIN_MENU, isActive, type NavItem } from '../../../content';

/** Spec: dropdowns close 150 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

function Dropdown({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = `menu-${item.match.slice(1)}`;

  const cancelClose = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const scheduleClose = () => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const focusItem = (i: number) => {
    const l = links();
    if (l.length) l[(i + l.length) % l.length].focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(-1));
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const l = links();
    const i = l.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(i + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusItem(i - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusItem(-1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <li
      className={`pub-nav-item has-dropdown ${open ? 'is-open' : ''}`}
      // Hover opens only for a real mouse: on touch screens a tap must toggle, not open-then-close.
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') scheduleClose();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`pub-nav-link ${active ? 'is-active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        onClick={(e) => {
          // Keyboard activation is handled in onKeyDown; a click (detail > 0) toggles.
          if (e.detail > 0) setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
      >
        {item.label}
        <svg className="pub-caret" width="10" height="6" viewBox="0 0 10 6" aria-hidden="true">
          <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul id={menuId} ref={listRef} className="pub-dropdown" hidden={!open} onKeyDown={onListKey}>
        {item.children!.map((c) => (
          <li key={c.to}>
            <Link
              to={c.to}
              onClick={() => {
                setOpen(false);
                onNavigate();
              }}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function MainNav() {
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The address the menu was opened at. A navigation commits after its page's chunk arrives, while the address bar
  // already shows the new URL: a menu opened in between belongs to the new page and must survive that commit.
  const openedAt = useRef('');
  useEffect(() => {
    if (openedAt.current !== pathname) setMobileOpen(false);
  }, [pathname]);
  const close = () => setMobileOpen(false);
  const toggle = () => {
    openedAt.current = window.location.pathname;
    setMobileOpen((o) => !o);
  };

  return (
    <nav
      className="pub-nav"
      aria-label="Main"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && mobileOpen && !e.defaultPrevented) {
          setMobileOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="pub-nav-toggle"
        aria-expanded={mobileOpen}
        aria-controls="pub-main-menu"
        onClick={toggle}
      >
        <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
          {mobileOpen ? (
            <path d="M3 1l16 16M19 1L3 17" stroke="currentColor" strokeWidth="2.2" />
          ) : (
            <path d="M1 2h20M1 9h20M1 16h20" stroke="currentColor" strokeWidth="2.2" />
          )}
        </svg>
        <span>Menu</span>
      </button>
      <div
        id="pub-main-menu"
        className={`pub-nav-menu ${mobileOpen ? 'is-open' : ''}`}
      >
        <ul className="pub-nav-list">
          {MAIN_MENU.map((item) => {
            const active = isActive(item, pathname);
            return item.children ? (
              <Dropdown key={item.label} item={item} active={active} onNavigate={close} />
            ) : (
              <li key={item.label} className="pub-nav-item">
                <Link
                  to={item.to}
                  className={`pub-nav-link ${active ? 'is-active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={close}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <Link to="/login" className="pub-btn pub-btn-primary pub-nav-login" onClick={close}>
          Login
        </Link>
      </div>
    </nav>
  );
}
