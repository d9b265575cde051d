import { useCallback, useEffect, useState, type MouseEvent, type ReactNode } from 'react';

export interface NavSection {
  /** The section element's id (the link's #anchor). */
  id: string;
  title: string;
}

/** How far below the top of the window a section's top must have scrolled to count as the one being read. */
const READ_LINE = 0.3;

/**
 * The section being read: the last section whose top has passed the reading line (30 % of the window's height); the
 * last section once the page is scrolled to its end. Follows scroll and resize (once per frame).
 */
export function useCurrentSection(ids: string[]): [string | undefined, (id: string) => void] {
  const [current, setCurrent] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key ? key.split(' ') : [];
    let frame = 0;
    const measure = () => {
      frame = 0;
      const line = window.innerHeight * READ_LINE;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let found = list[0];
      for (const id of list) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) found = id;
      }
      if (atEnd && window.scrollY > 0) found = list[list.length - 1];
      setCurrent(found);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [key]);
  return [current, setCurrent];
}

/**
 * A long form's section navigation (the seller questionnaire's 11 sections): a link to each section, the one being
 * read marked (aria-current="location"). Beside the form and sticky on wide screens; on phones a sticky bar above it
 * that opens the list ("Sections") and closes once a section is chosen. A link scrolls to its section and moves the
 * focus there (the section needs tabIndex -1).
 */
export function SectionNav({ label, sections }: { label: string; sections: NavSection[] }) {
  const [current, setCurrent] = useCurrentSection(sections.map((s) => s.id));
  const [open, setOpen] = useState(false);
  const currentTitle = sections.find((s) => s.id === current)?.title;
  const go = useCallback(
    (e: MouseEvent<HTMLAnchorElement>, id: string) => {
      const target = document.getElementById(id);
      if (!target) return;
      e.preventDefault();
      target.scrollIntoView?.({ block: 'start' });
      target.focus({ preventScroll: true });
      setCurrent(id);
      setOpen(false);
    },
    [setCurrent],
  );
  return (
    <nav className="bb-secnav" aria-label={label} data-open={open}>
      <button
        type="button"
        className="bb-secnav__toggle"
        aria-expanded={open}
        aria-controls="bb-secnav-list"
        onClick={() => setOpen((o) => !o)}
      >
        <span>Sections</span>
        {currentTitle && <span className="bb-secnav__now">{currentTitle}</span>}
        <span aria-hidden="true" className="bb-secnav__chevron">
          ▾
        </span>
      </button>
      <ol className="bb-secnav__list" id="bb-secnav-list">
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="bb-secnav__link"
              aria-current={s.id === current ? 'location' : undefined}
              onClick={(e) => go(e, s.id)}
            >
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A section navigation beside (wide screens) or above (phones) the content it navigates. */
export function SectionedLayout({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className="bb-sectioned">
      {nav}
      <div className="bb-sectioned__body">{children}</div>
    </div>
  );
}
