import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '@/lib/auth';
import { useAppConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/document-title';
import { useI18n } from '@/lib/i18n';
import { validateLogin } from '@/lib/validation';
import { FormMessage, TextField } from '@/components/field';
import { useToast } from '@/components/toast';
import { PageHeading } from '@/components/ui';
import type { DemoAccount } from '@/types/api';
import { safeRedirect, useForm } from '@/lib/use-form';
import './auth.css';
import { ROUTES, routeTo } from '@/lib/routes';

export const FILL_NOTE_MS = 2000;

export default function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const toast = useToast();
  const config = useAppConfig();
  const form = useForm({ email: '', password: '' }, validateLogin);
  const [busy, setBusy] = useState(false);
  const [showCreds, setShowCreds] = useState(false);
  const [filledNote, setFilledNote] = useState(false);
  const noteTimer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  useDocumentTitle(t('login.metaTitle'));
  useEffect(() => () => clearTimeout(noteTimer.current), []);

  const demo = config.data?.demo;
  const accounts = demo?.enabled ? demo.accounts : [];

  function fill(account: DemoAccount) {
    form.setValues({ email: account.email, password: account.password });
    setFilledNote(true);
    clearTimeout(noteTimer.current);
    noteTimer.current = setTimeout(() => setFilledNote(false), FILL_NOTE_MS);
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.submit(formRef.current)) return;
    setBusy(true);
    try {
      const res = await login(form.values.email, form.values.password);
      toast.success(t('login.success'));
      navigate(res.user.role === 'admin' && redirect === ROUTES.home ? ROUTES.adminDashboard : redirect, { replace: true });
    } catch (err) {
      form.serverError(err, t('login.failed'));
      setBusy(false);
    }
  }

  const registerHref = routeTo.register(redirect);

  return (
    <div className="container page auth">
      <div className="auth__card card">
        <PageHeading className="auth__title">{t('login.title')}</PageHeading>
        <p className="auth__sub">{t('login.subtitle')}</p>

        {accounts.length > 0 && (
          <div className="creds">
            <button type="button" className="link-btn" aria-expanded={showCreds} aria-controls="demo-creds" onClick={() => setShowCreds((s) => !s)}>
              {showCreds ? t('login.hideCreds') : t('login.showCreds')}
            </button>
            {showCreds && (
              <ul className="creds__list" id="demo-creds">
                {accounts.map((a) => (
                  <li key={a.email} className="creds__item">
                    <div>
                      <strong>{a.role === 'admin' ? t('login.account.admin') : t('login.account.customer')}</strong>
                      <span className="creds__line">{a.email}</span>
                      <span className="creds__line">{a.password}</span>
                    </div>
                    <button
                      type="button"
                      className="btn btn--outline btn--sm"
                      onClick={() => fill(a)}
                      aria-label={`${t('login.fill')}: ${a.role === 'admin' ? t('login.account.admin') : t('login.account.customer')}`}
                    >
                      {t('login.fill')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {filledNote && (
              <p className="creds__note" role="status">
                {t('login.filled')}
              </p>
            )}
          </div>
        )}

        <form ref={formRef} className="stack" onSubmit={onSubmit} noValidate>
          {form.serverMessage && <FormMessage kind="error">{form.serverMessage}</FormMessage>}
          <TextField label={t('login.email')} type="email" autoComplete="email" inputMode="email" required {...form.bind('email')} error={form.error('email')} />
          <TextField label={t('login.password')} type="password" autoComplete="current-password" required {...form.bind('password')} error={form.error('password')} />
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="auth__alt">
          {t('login.noAccount')} <Link to={registerHref}>{t('login.registerLink')}</Link>
        </p>
      </div>
    </div>
  );
}
