import { useState } from 'react';
import { PHONE_PREFIX, formatPhoneInput } from '../../lib/authPhone.ts';

/** The phone field: always starts with "+254 " and keeps at most 9 digits, whatever is typed or pasted. */
export function PhoneInput({ id, defaultValue, invalid }: { id: string; defaultValue?: string; invalid: object }) {
  const [value, setValue] = useState(() => formatPhoneInput(defaultValue ?? PHONE_PREFIX));
  return (
    <input
      id={id}
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      required
      maxLength={PHONE_PREFIX.length + 9}
      placeholder="+254 712345678"
      value={value}
      onChange={(e) => setValue(formatPhoneInput(e.target.value))}
      // Typing starts after "+254 ", wherever the field was tapped.
      onFocus={(e) => {
        const end = e.currentTarget.value.length;
        e.currentTarget.setSelectionRange(end, end);
      }}
      {...invalid}
    />
  );
}
