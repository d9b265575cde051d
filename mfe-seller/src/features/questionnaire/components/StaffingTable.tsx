import { useId } from 'react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import type { QuestionnaireInput } from '@brokerage/contracts';
import { Button } from '@brokerage/ui';

interface Column {
  name: string;
  label: string;
}

/** An editable staffing table: one text input per cell, Add Row, and Remove only while more than one row exists. */
export function StaffingTable({
  control,
  register,
  name,
  caption,
  columns,
  emptyRow,
}: {
  control: Control<QuestionnaireInput>;
  register: UseFormRegister<QuestionnaireInput>;
  name: 'staffing' | 'weeklyStaffing';
  caption: string;
  columns: readonly Column[];
  emptyRow: () => Record<string, string>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const titleId = useId();
  return (
    <div className="bb-stack">
      <h3 id={titleId} style={{ margin: 0, fontSize: '1rem' }}>
        {caption}
      </h3>
      <div className="bb-table-wrap">
        <table className="bb-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.name} scope="col">
                  {c.label}
                </th>
              ))}
              <th scope="col">
                <span className="bb-sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <tr key={f.id}>
                {columns.map((c) => (
                  <td key={c.name} data-label={c.label}>
                    <input
                      className="bb-input"
                      style={{ minWidth: c.name === 'titleJob' ? '9rem' : '4.5rem' }}
                      aria-label={`${c.label}, row ${i + 1}`}
                      {...register(`${name}.${i}.${c.name}` as never)}
                    />
                  </td>
                ))}
                <td data-label="">
                  {fields.length > 1 && (
                    <Button variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove row ${i + 1} of ${caption}`}>
                      Remove
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={() => append(emptyRow() as never)}>
          Add Row
        </Button>
      </div>
    </div>
  );
}
