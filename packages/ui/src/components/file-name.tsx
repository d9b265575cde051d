import { cx } from '@brokerage/ui';
import '../styles/file-name.css';

/**
 * A file name on one line: a long name is cut with an ellipsis, and shown whole on hover (its title) and while its
 * row has the keyboard focus (the row's link or buttons). The text is the whole name, so it is also what assistive
 * technology reads and a link's accessible name.
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cx('bb-filename', className)} title={name}>
      {name}
    </span>
  );
}
