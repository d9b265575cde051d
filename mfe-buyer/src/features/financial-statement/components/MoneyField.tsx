import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { cleanMoney, formatWholeUsd, type FinancialStatementInput } from '@brokerage/contracts';
import { TextField } from '@brokerage/ui';

type MoneyName = Extract<keyof FinancialStatementInput, string>;

/**
 * A dollar amount: typing keeps only digits and one decimal point (spec part 2 §5); away from the field it reads as
 * whole-dollar USD. The form holds the exact decimal text.
 */
export function MoneyField({ control, name, label }: { control: Control<FinancialStatementInput>; name: MoneyName; label: string }) {
  const { field, fieldState } = useController({ control, name });
  const [editing, setEditing] = useState(false);
  const raw = String(field.value ?? '');
  return (
    <TextField
      label={label}
      inputMode="decimal"
      name={field.name}
      ref={field.ref}
      value={editing || raw === '' ? raw : formatWholeUsd(raw)}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        field.onBlur();
      }}
      onChange={(e) => field.onChange(cleanMoney(e.target.value))}
      invalid={!!fieldState.error}
      hint={fieldState.error?.message}
    />
  );
}
