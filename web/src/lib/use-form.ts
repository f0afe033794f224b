/**
 * The one way a form holds its state: values, which fields have been touched, the rules'
 * errors (message keys of lib/validation.ts) and the server's refusals. Every form of the
 * app uses it, so they all show an error at the same moment and clear it the same way:
 *
 * - a field shows its rule's error once touched (`touchOn`: first blur, or first change),
 *   and every field does after the first submit;
 * - `validateOnSubmit` may be stricter than the live rules (checkout's phone and PIN
 *   recheck); its message stays on a field until that field is edited;
 * - `serverError(err)` puts each field error the server sent on its field and anything
 *   else in `serverMessage`; editing a field clears its server error.
 *
 * Values are mostly text (`bind` wires a text input); a field may hold something else (the
 * plant form's category list and picked image), set with `setField` and shown with `touch`.
 */
import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from './api-client';
import { useI18n } from './i18n';
import { ROUTES } from './routes';
import type { Errors } from './validation';

export interface FormOptions<F> {
  /** Stricter rules for the submit (default: the live rules). */
  validateOnSubmit?: (values: F) => Errors<keyof F & string>;
  /** When a field starts to show its error: after leaving it (default) or on the first change. */
  touchOn?: 'blur' | 'change';
  /** Cleans what is typed before it is kept (digits only, a phone's separators...). */
  transform?: Partial<Record<TextKeys<F>, (raw: string) => string>>;
}

type Flags<F> = Partial<Record<keyof F & string, boolean>>;
/** The fields that hold text (the ones `bind` can wire to an input). */
type TextKeys<F> = { [K in keyof F & string]: F[K] extends string ? K : never }[keyof F & string];

export function useForm<F extends object>(initial: F, validate: (values: F) => Errors<keyof F & string>, options: FormOptions<F> = {}) {
  const { t, tm, tf } = useI18n();
  const [values, setValuesState] = useState(initial);
  const [touched, setTouched] = useState<Flags<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<Errors<keyof F & string>>({});
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<keyof F & string, string>>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const errors = validate(values);
  const touchOn = options.touchOn ?? 'blur';
  // Stable, so a form can fill itself from loaded data in an effect.
  const setValues = useCallback((next: F | ((v: F) => F)) => {
    setValuesState(next);
    setServerMessage(null);
  }, []);

  /** The rule's message key a field shows now, if any. */
  function visibleError(field: keyof F & string) {
    if (!submitted && !touched[field]) return undefined;
    return submitErrors[field] ?? errors[field];
  }

  /** The text under a field: the server's refusal first, else the rule's message. */
  function error(field: keyof F & string): string | undefined {
    const server = serverFieldErrors[field];
    if (server) return server;
    const key = visibleError(field);
    return key ? t(key) : undefined;
  }

  const fields = Object.keys(values) as (keyof F & string)[];
  /** Fields showing an error now, in form order (checkout lists them beside its button). */
  const invalidFields = fields.filter((f) => !!serverFieldErrors[f] || !!visibleError(f));

  function setField<K extends keyof F & string>(field: K, raw: F[K]) {
    const clean = typeof raw === 'string' ? options.transform?.[field as unknown as TextKeys<F>] : undefined;
    const value = clean ? clean(raw as string) : raw;
    setValuesState((v) => ({ ...v, [field]: value }));
    setSubmitErrors(({ [field]: _edited, ...rest }) => rest as Errors<keyof F & string>);
    setServerFieldErrors(({ [field]: _edited, ...rest }) => rest as typeof serverFieldErrors);
    if (touchOn === 'change') setTouched((s) => ({ ...s, [field]: true }));
  }

  return {
    values,
    errors,
    submitted,
    invalidFields,
    serverMessage,
    visibleError,
    error,
    setField,
    /** Replaces values (a demo account filled in, a saved address): nothing is touched. */
    setValues,
    /** Back to a clean form (after a successful change). */
    reset(next: F = initial) {
      setValuesState(next);
      setTouched({});
      setSubmitted(false);
      setSubmitErrors({});
      setServerFieldErrors({});
      setServerMessage(null);
    },
    bind(field: TextKeys<F>) {
      return {
        name: field,
        value: (values[field] as string | undefined) ?? '',
        onChange: (e: { target: { value: string } }) => setField(field, e.target.value as F[typeof field]),
        onBlur: () => setTouched((s) => ({ ...s, [field]: true })),
      };
    },
    /** Shows a field's error from now on (a picked file, a ticked box: there is no blur to wait for). */
    touch(field: keyof F & string) {
      setTouched((s) => ({ ...s, [field]: true }));
    },
    /** Marks the form submitted; returns true when it is valid. Focuses the first bad field. */
    submit(formEl?: HTMLFormElement | null): boolean {
      setSubmitted(true);
      setServerMessage(null);
      const all = options.validateOnSubmit ? options.validateOnSubmit(values) : errors;
      setSubmitErrors(all);
      const first = fields.find((f) => all[f]);
      if (first && formEl) formEl.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return !first;
    },
    /**
     * Shows a refusal: field errors of a 400 go under their fields (those the form has),
     * anything else becomes the form's message (`fallback` when the error says nothing).
     */
    serverError(err: unknown, fallback: string) {
      const byField: Partial<Record<keyof F & string, string>> = {};
      const other: string[] = [];
      if (err instanceof ApiError && err.errors?.length) {
        for (const e of err.errors) {
          if (e.field && e.field in values) byField[e.field as keyof F & string] ??= tf(e);
          else other.push(tf(e));
        }
        setServerFieldErrors(byField);
        setServerMessage(other.length ? other.join(' ') : null);
      } else {
        setServerMessage(tm(errorMessage(err, fallback)));
      }
    },
    clearServerMessage: () => setServerMessage(null),
  };
}

/** Only same-site paths are allowed as a redirect target. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return ROUTES.home;
  return value;
}
