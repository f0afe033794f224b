import { useState } from 'react';
import type { Errors } from '@/lib/validation';
import { ROUTES } from '@/lib/routes';

/**
 * Minimal form state: values, errors from a validate function, and "touched" so that a
 * field shows its error after the first blur or the first submit, then live.
 */
export function useForm<F extends Record<string, string>>(initial: F, validate: (f: F) => Errors<keyof F & string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);

  return {
    values,
    setValues,
    errors,
    submitted,
    visibleError(field: keyof F & string) {
      return submitted || touched[field] ? errors[field] : undefined;
    },
    bind(field: keyof F & string) {
      return {
        name: field,
        value: values[field],
        onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
        onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
      };
    },
    /** Marks the form submitted; returns true when it is valid. Focuses the first bad field. */
    submit(formEl?: HTMLFormElement | null) {
      setSubmitted(true);
      const keys = Object.keys(errors);
      if (keys.length && formEl) {
        const el = formEl.querySelector<HTMLElement>(`[name="${keys[0]}"]`);
        el?.focus();
      }
      return keys.length === 0;
    },
  };
}

/** Only same-site paths are allowed as a redirect target. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return ROUTES.home;
  return value;
}
