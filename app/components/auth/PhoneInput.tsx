import { useLayoutEffect, useRef, useState } from 'react';
import { PHONE_PREFIX, formatPhoneInput, pastedPhone } from '#app/lib/authPhone.ts';

/**
 * The phone field: always starts with "+254 " and keeps at most 9 digits, whatever is typed or pasted.
 * No maxLength: the browser would cut a pasted "0722 000 111" or "+254 722 000 111" to fit before we could
 * read it; formatPhoneInput caps the digits instead.
 */
export function PhoneInput({ id, defaultValue, invalid }: { id: string; defaultValue?: string; invalid: object }) {
  const [value, setValue] = useState(() => formatPhoneInput(defaultValue ?? PHONE_PREFIX));
  const field = useRef<HTMLInputElement>(null);
  // Digits typed before the page came alive are in the field but not in the state: the first edit would
  // put the state's "+254 " back. Take what the field holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the server-rendered field is taken over
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed && typed !== value) setValue(formatPhoneInput(typed));
  }, []);
  return (
    <input
      ref={field}
      id={id}
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      required
      placeholder="+254 712345678"
      value={value}
      onChange={(e) => setValue(formatPhoneInput(e.target.value))}
      onPaste={(e) => {
        const whole = pastedPhone(e.clipboardData.getData('text'));
        if (!whole) return;
        e.preventDefault();
        setValue(whole);
      }}
      // Typing starts after "+254 ", wherever the field was tapped.
      onFocus={(e) => {
        const end = e.currentTarget.value.length;
        e.currentTarget.setSelectionRange(end, end);
      }}
      {...invalid}
    />
  );
}
