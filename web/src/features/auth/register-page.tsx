import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { register } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useI18n } from '@/lib/i18n';
import { validateRegister } from '@/lib/validation';
import { FormMessage, TextField } from '@/components/field';
import { PageHeading } from '@/components/ui';
import { safeRedirect, useForm } from '@/lib/use-form';
import './auth.css';
import { routeTo } from '@/lib/routes';

export const REGISTER_REDIRECT_MS = 1000;

export default function RegisterPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The same `redirect` as the login page: a shopper sent here from a plant goes back to it.
  const redirect = safeRedirect(params.get('redirect'));
  const form = useForm({ name: '', email: '', password: '', confirmPassword: '' }, validateRegister);
  const [success, setSuccess] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useDocumentTitle(t('register.metaTitle'));

  useEffect(() => {
    if (!success) return;
    const id = setTimeout(() => navigate(redirect, { replace: true }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [success, navigate, redirect]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.submit(formRef.current)) return;
    setBusy(true);
    try {
      await register(form.values.name, form.values.email, form.values.password);
      setSuccess(true);
    } catch (err) {
      form.serverError(err, t('register.failedRetry'));
      setBusy(false);
    }
  }

  const err = form.error;

  return (
    <div className="container page auth">
      <div className="auth__card card">
        <PageHeading className="auth__title">{t('register.title')}</PageHeading>
        <p className="auth__sub">{t('register.subtitle')}</p>
        <form ref={formRef} className="stack" onSubmit={onSubmit} noValidate>
          {form.serverMessage && <FormMessage kind="error">{form.serverMessage}</FormMessage>}
          {success && <FormMessage kind="success">{t('register.success')}</FormMessage>}
          <TextField label={t('register.name')} autoComplete="name" required {...form.bind('name')} error={err('name')} />
          <TextField label={t('register.email')} type="email" autoComplete="email" inputMode="email" required {...form.bind('email')} error={err('email')} />
          <TextField
            label={t('register.password')}
            type="password"
            autoComplete="new-password"
            required
            hint={t('register.passwordHint')}
            {...form.bind('password')}
            error={err('password')}
          />
          <TextField label={t('register.confirm')} type="password" autoComplete="new-password" required {...form.bind('confirmPassword')} error={err('confirmPassword')} />
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy || success}>
            {busy && !success ? t('register.submitting') : t('register.submit')}
          </button>
        </form>
        <p className="auth__alt">
          {t('register.haveAccount')} <Link to={routeTo.login(redirect)}>{t('register.loginLink')}</Link>
        </p>
      </div>
    </div>
  );
}
