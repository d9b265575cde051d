import { useId, type ReactNode } from 'react';
import { cx } from '@brokerage/ui';
import '../styles/data-widgets.css';

/** One figure on a dashboard: a label and its value (stat cards of the staff and client dashboards). */
export function StatCard({ label, value, hint }: { label: ReactNode; value: ReactNode; hint?: ReactNode }) {
  return (
    <li className="bb-stat">
      <p className="bb-stat__label">{label}</p>
      <p className="bb-stat__value">{value}</p>
      {hint && <p className="bb-stat__hint">{hint}</p>}
    </li>
  );
}

/** A row of StatCards, read as a list ("label: value" pairs) by screen readers. */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="bb-stat-grid" aria-label={label}>
      {children}
    </ul>
  );
}

export interface DataColumn<T> {
  /** Column header; also the cell's label when rows turn into cards on phones. */
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (visible caption unless captionHidden). */
  caption: string;
  captionHidden?: boolean;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Shown in one full-width cell when there are no rows. */
  empty?: ReactNode;
}

/** A plain data table; below 640 px every row becomes a card with each value labelled by its column header. */
export function DataTable<T>({ caption, captionHidden, columns, rows, rowKey, empty = 'Nothing to show.' }: DataTableProps<T>) {
  return (
    // Focusable region: a table wider than the screen scrolls sideways with the keyboard too.
    <div className="bb-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="bb-table">
        <caption className={cx(captionHidden && 'bb-sr-only')}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="bb-table__empty" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c) => (
                  <td key={c.header} data-label={c.header} className={c.className}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A labelled search field (type=search: Escape clears it). */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="bb-field bb-search" role="search">
      <label className="bb-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="bb-input"
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Listing status as a badge: active green, under contract yellow, closed blue, archived grey; underscores as spaces. */
export function ListingStatusBadge({ status }: { status: string }) {
  const s = String(status || '').toLowerCase();
  return <span className={cx('bb-badge', `bb-status--${s}`)}>{String(status || '').replace(/_/g, ' ')}</span>;
}
