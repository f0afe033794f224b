import { type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout, useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { initials, isAddressComplete } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { useForm } from '@/lib/use-form';
import { compact, validatePasswordChange, validateProfileAddress, validateProfileName, type ProfileAddressForm } from '@/lib/validation';
import { FormMessage, TextField } from '@/components/field';
import { useTimedMessage } from '@/components/timed-message';
import { PageHeading } from '@/components/ui';
import type { User } from '@/types/api';
import { useChangePassword, useUpdateProfile } from '@/lib/account-api';
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
  const { t } = useI18n();
  const form = useForm({ name: user.name }, (f) => compact({ name: validateProfileName(f.name) }));
  const save = useUpdateProfile();
  const msg = useTimedMessage(PROFILE_MESSAGE_MS);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.submit(e.currentTarget)) return;
    save.mutate(
      { name: form.values.name.trim() },
      {
        onSuccess: () => msg.show(t('profile.updated')),
        onError: (err) => form.serverError(err, t('profile.nameFailed')),
      },
    );
  }

  return (
    <section className="card card--pad" aria-labelledby="p-info">
      <h2 id="p-info" className="card__title">
        {t('profile.info')}
      </h2>
      <form className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        <TextField label={t('profile.name')} autoComplete="name" {...form.bind('name')} error={form.error('name')} required />
        <TextField label={t('profile.email')} name="email" value={user.email} readOnly hint={t('profile.emailNote')} />
        <p className="span-2 muted">
          {t('profile.role')}: <strong>{user.role === 'admin' ? t('profile.role.admin') : t('profile.role.customer')}</strong>
        </p>
        <div className="span-2 section-actions">
          {form.serverMessage && <FormMessage kind="error">{form.serverMessage}</FormMessage>}
          {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
          <button type="submit" className="btn btn--primary" disabled={save.isPending || form.values.name.trim() === user.name}>
            {save.isPending ? t('common.saving') : t('profile.saveName')}
          </button>
        </div>
      </form>
    </section>
  );
}

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordSection() {
  const { t } = useI18n();
  const navigate = useNavigate();
  // The rules speak only after the first submit (a half-typed password is not an error).
  const form = useForm(NO_PASSWORDS, validatePasswordChange);
  const change = useChangePassword();
  const msg = useTimedMessage(PROFILE_MESSAGE_MS);
  const err = (f: keyof typeof NO_PASSWORDS) => (form.submitted ? form.error(f) : undefined);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.submit()) return;
    change.mutate(
      { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      {
        onSuccess: (res) => {
          form.reset(NO_PASSWORDS);
          if (res?.token) {
            // The server issued a fresh token: stay signed in.
            msg.show(t('profile.passwordChanged'));
          } else {
            // Old tokens stop working after a change: sign in again with the new password.
            msg.show(`${t('profile.passwordChanged')} ${t('profile.passwordRelogin')}`);
            setTimeout(() => {
              navigate(routeTo.login(ROUTES.profile));
              logout();
            }, PROFILE_MESSAGE_MS);
          }
        },
        onError: (error) => form.serverError(error, t('profile.passwordFailed')),
      },
    );
  }

  return (
    <section className="card card--pad" aria-labelledby="p-pass">
      <h2 id="p-pass" className="card__title">
        {t('profile.password')}
      </h2>
      <form className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        <TextField className="span-2" label={t('profile.current')} type="password" autoComplete="current-password" required {...form.bind('currentPassword')} error={err('currentPassword')} />
        <TextField label={t('profile.new')} type="password" autoComplete="new-password" required hint={t('register.passwordHint')} {...form.bind('newPassword')} error={err('newPassword')} />
        <TextField label={t('profile.confirmNew')} type="password" autoComplete="new-password" required {...form.bind('confirmPassword')} error={err('confirmPassword')} />
        <div className="span-2 section-actions">
          {form.serverMessage && <FormMessage kind="error">{form.serverMessage}</FormMessage>}
          {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
          <button type="submit" className="btn btn--primary" disabled={change.isPending}>
            {change.isPending ? t('common.saving') : t('profile.changePassword')}
          </button>
        </div>
      </form>
    </section>
  );
}

function AddressSection({ user }: { user: User }) {
  const { t } = useI18n();
  const a = user.address ?? {};
  const form = useForm<ProfileAddressForm>(
    {
      street: a.street ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      zipCode: a.zipCode ?? '',
      phone: a.phone ?? '',
      landmark: a.landmark ?? '',
      recipientName: a.recipientName ?? '',
    },
    validateProfileAddress,
  );
  const save = useUpdateProfile();
  const msg = useTimedMessage(PROFILE_MESSAGE_MS);
  const complete = isAddressComplete(user.address);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.submit(e.currentTarget)) return;
    save.mutate(
      { address: form.values },
      {
        onSuccess: () => msg.show(t('profile.addressUpdated')),
        onError: (err) => form.serverError(err, t('profile.addressFailed')),
      },
    );
  }

  const field = (f: keyof ProfileAddressForm) => ({ ...form.bind(f), error: form.error(f) });

  return (
    <section className="card card--pad" aria-labelledby="p-addr">
      <h2 id="p-addr" className="card__title">
        {t('profile.address')}
      </h2>
      <p className={`profile__addr-state ${complete ? 'is-ok' : ''}`}>{complete ? t('profile.addressComplete') : t('profile.addressIncomplete')}</p>
      <form className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        <TextField className="span-2" label={t('checkout.street')} autoComplete="street-address" {...field('street')} />
        <TextField label={t('checkout.city')} autoComplete="address-level2" {...field('city')} />
        <TextField label={t('checkout.state')} autoComplete="address-level1" {...field('state')} />
        <TextField label={t('checkout.zip')} autoComplete="postal-code" inputMode="numeric" {...field('zipCode')} />
        <TextField label={t('checkout.phone')} type="tel" autoComplete="tel-national" inputMode="tel" {...field('phone')} />
        <TextField className="span-2" label={`${t('checkout.landmark')} ${t('common.optional')}`} autoComplete="off" maxLength={100} {...field('landmark')} />
        <TextField className="span-2" label={`${t('checkout.recipient')} ${t('common.optional')}`} autoComplete="name" maxLength={50} {...field('recipientName')} />
        <div className="span-2 section-actions">
          {form.serverMessage && <FormMessage kind="error">{form.serverMessage}</FormMessage>}
          {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('profile.saveAddress')}
          </button>
        </div>
      </form>
    </section>
  );
}
