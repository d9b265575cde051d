import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@brokerage/ui';

/** The City / State / Zip Code row of the public forms' address sections. */
export function CityStateZip({ city, state, zipCode }: {
  city: UseFormRegisterReturn;
  state: UseFormRegisterReturn;
  zipCode: UseFormRegisterReturn;
}) {
  return (
    <div className="pub-grid-3">
      <TextField label="City" autoComplete="address-level2" {...city} />
      <TextField label="State" autoComplete="address-level1" {...state} />
      <TextField label="Zip Code" autoComplete="postal-code" inputMode="numeric" {...zipCode} />
    </div>
  );
}
