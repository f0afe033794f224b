import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, errorMessage } from '@/lib/api-client';
import { logout, setUser, useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { initials, isAddressComplete } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { STORAGE_KEYS, writeString } from '@/lib/storage';
import { hasErrors, validatePasswordChange, validateProfileName, type PasswordChangeForm } from '@/lib/validation';
import { FormMessage, TextField } from '@/components/field';
import { useTimedMessage } from '@/components/timed-message';
import { PageHeading } from '@/components/ui';
import type { Address, User } from '@/types/api';
import './profile.css';
import { ROUTES, routeTo } from '@/lib/routes';

export const PROFILE_MESSAGE_MS = 3000;

export default function ProfilePage() {
  const { t } = useI18n();
  const { user } = useAuth();
  useDocumentTitle(t('profile.metaTitle'));
  if (!user) return null;
  return (
    <div className="container page page--narrow profile">
      <div className="profile__head">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initials(user.name)}
        </span>
        <div>
          <PageHeading>{t('profile.title')}</PageHeading>
          <p className="muted">{user.email}</p>
        </div>
      </div>
      <NameSection user={user} />
      <PasswordSection />
      <AddressSection user={user} />
    </div>
  );
}

function NameSection({ user }: { user: User }) {
  const { t, tm } = useI18n();
  const [name, setName] = useState(user.name);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const msg = useTimedMessage(PROFILE_MESSAGE_MS);
  const error = validateProfileName(name);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      const res = await api.put<{ user: User }>('/auth/profile', { name: name.trim() });
      setUser(res.user);
      msg.show(t('profile.updated'));
    } catch (err) {
      msg.show(tm(errorMessage(err, t('profile.nameFailed'))), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card--pad" aria-labelledby="p-info">
      <h2 id="p-info" className="card__title">
        {t('profile.info')}
      </h2>
      <form className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        <TextField label={t('profile.name')} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} error={touched && error ? t(error) : undefined} required />
        <TextField label={t('profile.email')} name="email" value={user.email} readOnly hint={t('profile.emailNote')} />
        <p className="span-2 muted">
          {t('profile.role')}: <strong>{user.role === 'admin' ? t('profile.role.admin') : t('profile.role.customer')}</strong>
        </p>
        <div className="span-2 section-actions">
          {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
          <button type="submit" className="btn btn--primary" disabled={busy || name.trim() === user.name}>
            {busy ? t('common.saving') : t('profile.saveName')}
          </button>
        </div>
      </form>
    </section>
  );
}

function PasswordSection() {
  const { t, tm } = useI18n();
  const navigate = useNavigate();
  const [values, setValues] = useState<PasswordChangeForm>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const msg = useTimedMessage(PROFILE_MESSAGE_MS);
  const errors = validatePasswordChange(values);
  const err = (f: keyof PasswordChangeForm) => (submitted && errors[f] ? t(errors[f]!) : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) return;
    setBusy(true);
    try {
      const res = await api.put<{ message?: string; token?: string; user?: User }>('/auth/change-password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setSubmitted(false);
      if (res?.token) {
        // The server issued a fresh token: stay signed in.
        writeString(STORAGE_KEYS.token, res.token);
        msg.show(t('profile.passwordChanged'));
      } else {
        // Old tokens stop working after a change: sign in again with the new password.
        msg.show(`${t('profile.passwordChanged')} ${t('profile.passwordRelogin')}`);
        setTimeout(() => {
          navigate(routeTo.login(ROUTES.profile));
          logout();
        }, PROFILE_MESSAGE_MS);
      }
    } catch (err) {
      msg.show(tm(errorMessage(err, t('profile.passwordFailed'))), 'error');
    } finally {
      setBusy(false);
    }
  }

  const bind = (f: keyof PasswordChangeForm) => ({
    name: f,
    value: values[f] ?? '',
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value })),
  });

  return (
    <section className="card card--pad" aria-labelledby="p-pass">
      <h2 id="p-pass" className="card__title">
        {t('profile.password')}
      </h2>
      <form className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        <TextField className="span-2" label={t('profile.current')} type="password" autoComplete="current-password" required {...bind('currentPassword')} error={err('currentPassword')} />
        <TextField label={t('profile.new')} type="password" autoComplete="new-password" required hint={t('register.passwordHint')} {...bind('newPassword')} error={err('newPassword')} />
        <TextField label={t('profile.confirmNew')} type="password" autoComplete="new-password" required {...bind('confirmPassword')} error={err('confirmPassword')} />
        <div className="span-2 section-actions">
          {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t('common.saving') : t('profile.changePassword')}
          </button>
        </div>
      </form>
    </section>
  );
}

function AddressSection({ user }: { user: User }) {
  const { t, tm } = useI18n();
  const a = user.address ?? {};
  const [values, setValues] = useState<Address>({
    street: a.street ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    zipCode: a.zipCode ?? '',
    phone: a.phone ?? '',
    landmark: a.landmark ?? '',
    recipientName: a.recipientName ?? '',
  });
  const [busy, setBusy] = useState(false);
  const msg = useTimedMessage(PROFILE_MESSAGE_MS);
  const complete = isAddressComplete(user.address);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.put<{ user: User }>('/auth/profile', { address: values });
      setUser(res.user);
      msg.show(t('profile.addressUpdated'));
    } catch (err) {
      msg.show(tm(errorMessage(err, t('profile.addressFailed'))), 'error');
    } finally {
      setBusy(false);
    }
  }

  const bind = (f: keyof Address) => ({
    name: f,
    value: values[f],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value })),
  });

  return (
    <section className="card card--pad" aria-labelledby="p-addr">
      <h2 id="p-addr" className="card__title">
        {t('profile.address')}
      </h2>
      <p className={`profile__addr-state ${complete ? 'is-ok' : ''}`}>{complete ? t('profile.addressComplete') : t('profile.addressIncomplete')}</p>
      <form className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        <TextField className="span-2" label={t('checkout.street')} autoComplete="street-address" {...bind('street')} />
        <TextField label={t('checkout.city')} autoComplete="address-level2" {...bind('city')} />
        <TextField label={t('checkout.state')} autoComplete="address-level1" {...bind('state')} />
        <TextField label={t('checkout.zip')} autoComplete="postal-code" inputMode="numeric" {...bind('zipCode')} />
        <TextField label={t('checkout.phone')} type="tel" autoComplete="tel-national" inputMode="tel" {...bind('phone')} />
        <TextField className="span-2" label={`${t('checkout.landmark')} ${t('common.optional')}`} autoComplete="off" maxLength={100} {...bind('landmark')} />
        <TextField className="span-2" label={`${t('checkout.recipient')} ${t('common.optional')}`} autoComplete="name" maxLength={50} {...bind('recipientName')} />
        <div className="span-2 section-actions">
          {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t('common.saving') : t('profile.saveAddress')}
          </button>
        </div>
      </form>
    </section>
  );
}
