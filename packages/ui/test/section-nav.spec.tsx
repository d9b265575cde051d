import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionNav, SectionedLayout } from '../src/components/section-nav';

// The questionnaire's section navigation (issue 19 §3): a link per section, the section being read marked, the list
// collapsible (phones).

const SECTIONS = ['Business Summary and History', 'Products and Services', 'Market and Customers', 'Sales and Marketing'].map(
  (title, i) => ({ id: `s-${i + 1}`, title }),
);

/** Puts each section's top where a scroll position would put it (jsdom lays nothing out). */
function layout(tops: number[]) {
  SECTIONS.forEach((s, i) => {
    document.getElementById(s.id)!.getBoundingClientRect = () => ({ top: tops[i]! }) as DOMRect;
  });
}

/** At the top of the page: the first section starts below the step's header, the others further down. */
function page(tops = [400, 1200, 2000, 2800]) {
  render(
    <SectionedLayout nav={<SectionNav label="Questionnaire sections" sections={SECTIONS} />}>
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} tabIndex={-1} aria-label={s.title}>
          <p>{s.title} questions</p>
        </section>
      ))}
    </SectionedLayout>,
  );
  layout(tops);
  scroll();
}

const current = () =>
  within(screen.getByRole('navigation', { name: 'Questionnaire sections' }))
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'location')
    .map((a) => a.textContent);

let frames: FrameRequestCallback[] = [];
/** A scroll of the window and the animation frame after it. */
function scroll() {
  act(() => {
    fireEvent.scroll(window);
    const run = frames;
    frames = [];
    run.forEach((cb) => cb(0));
  });
}

beforeEach(() => {
  frames = [];
  window.requestAnimationFrame = (cb: FrameRequestCallback) => frames.push(cb);
  Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
});

test('one link per section to its anchor, in order; the first section is current at the top of the page', () => {
  page();
  const nav = screen.getByRole('navigation', { name: 'Questionnaire sections' });
  const links = within(nav).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(SECTIONS.map((s) => [s.title, `#${s.id}`]));
  expect(current()).toEqual(['Business Summary and History']);
});

test('scrolling marks the section whose top has passed the reading line (30 % of the window)', () => {
  page();
  layout([-900, -200, 250, 900]);
  scroll();
  expect(current()).toEqual(['Market and Customers']);
  layout([-1500, -800, -300, 400]);
  scroll();
  expect(current()).toEqual(['Market and Customers']); // the next section's top (400) is still below the line (300)
  layout([-1500, -800, -500, 200]);
  scroll();
  expect(current()).toEqual(['Sales and Marketing']);
});

test('a link moves the focus to its section, marks it and closes the list; the toggle opens and closes the list', async () => {
  page();
  const toggle = screen.getByRole('button', { name: /Sections/ });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveTextContent('Business Summary and History');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('navigation', { name: 'Questionnaire sections' })).toHaveAttribute('data-open', 'true');

  Element.prototype.scrollIntoView = () => undefined;
  await userEvent.click(screen.getByRole('link', { name: 'Products and Services' }));
  expect(screen.getByRole('region', { name: 'Products and Services' })).toHaveFocus();
  expect(current()).toEqual(['Products and Services']);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveTextContent('Products and Services');
});
