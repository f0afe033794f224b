/** Form fields with a visible label, optional hint and an inline error tied by aria-describedby. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { useI18n } from '@/lib/i18n';

interface Common {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

function describedBy(hintId: string | undefined, errorId: string | undefined) {
  return [hintId, errorId].filter(Boolean).join(' ') || undefined;
}

/** Required fields are the norm here, so only optional ones say so in their label. */
function FieldShell({ id, label, error, hint, className, children }: Common & { id: string; children: ReactNode; required?: boolean }) {
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

export function TextField({ label, error, hint, className, id, type, ...rest }: InputProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [reveal, setReveal] = useState(false);
  const { t } = useI18n();
  const isPassword = type === 'password';
  const input = (
    <input
      id={fid}
      className="input"
      type={isPassword && reveal ? 'text' : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint && !error ? `${fid}-hint` : undefined, error ? `${fid}-error` : undefined)}
      {...rest}
    />
  );
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} className={className} required={rest.required}>
      {isPassword ? (
        <div className="input-wrap">
          {input}
          <button
            type="button"
            className="input-wrap__btn"
            onClick={() => setReveal((r) => !r)}
            aria-label={reveal ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={reveal}
          >
            {reveal ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

type TextareaProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export function TextAreaField({ label, error, hint, className, id, ...rest }: TextareaProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} className={className} required={rest.required}>
      <textarea
        id={fid}
        className="input textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && !error ? `${fid}-hint` : undefined, error ? `${fid}-error` : undefined)}
        {...rest}
      />
    </FieldShell>
  );
}

type SelectProps = Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { children: ReactNode };

export function SelectField({ label, error, hint, className, id, children, ...rest }: SelectProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} className={className}>
      <select
        id={fid}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && !error ? `${fid}-hint` : undefined, error ? `${fid}-error` : undefined)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function FormMessage({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-msg form-msg--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
