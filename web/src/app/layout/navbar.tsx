import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth, logout } from '@/lib/auth';
import { cartCount, useCart } from '@/lib/cart';
import { initials } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { useTheme } from '@/lib/theme';
import { useToast } from '@/components/toast';
import { CartIcon, CloseIcon, LeafIcon, MenuIcon, MoonIcon, SunIcon, UserIcon, ChevronDownIcon } from '@/components/icons';
import { NotificationBell, WishlistMenuLink } from '@/components/wishlist/nav-items';
import { DesktopSearch, PhoneSearch } from '@/components/search/header-search';
import { ROUTES } from '@/lib/routes';

interface LinkDef {
  to: string;
  label: string;
  end?: boolean;
}

export function Navbar() {
  const { t, lang, setLanguage } = useI18n();
  const { status, user, isAdmin } = useAuth();
  const cart = useCart();
  const [theme, setTheme] = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  const authed = status === 'authenticated' && !!user;
  const isCustomer = authed && !isAdmin;
  const count = cartCount(cart.items);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const links: LinkDef[] = isAdmin
    ? [{ to: ROUTES.adminDashboard, label: t('nav.adminDashboard') }]
    : [
        { to: ROUTES.home, label: t('nav.home'), end: true },
        { to: ROUTES.catalogue, label: t('nav.catalogue') },
        { to: ROUTES.assistant, label: t('nav.assistant') },
        ...(isCustomer ? [{ to: ROUTES.orders, label: t('nav.orders') }] : []),
      ];

  function doLogout() {
    // Leave the page first: guarded pages must not bounce to /login on the way out.
    navigate(ROUTES.home);
    logout();
    setMenuOpen(false);
    toast.success(t('logout.success'));
  }

  const toggleTheme = () => setTheme(theme === 'dark' ? 'light' : 'dark');
  const toggleLang = () => void setLanguage(lang === 'hi' ? 'en' : 'hi');
  const themeLabel = theme === 'dark' ? t('nav.themeLight') : t('nav.themeDark');

  return (
    <header className="nav">
      <div className="container nav__inner">
        <Link to={isAdmin ? ROUTES.adminDashboard : ROUTES.home} className="brand" aria-label={`${t('app.name')} — ${t('nav.home')}`}>
          <span className="brand__mark">
            <LeafIcon size={20} />
          </span>
          <span>{t('app.name')}</span>
        </Link>

        <nav className="nav__links" aria-label={t('nav.main')}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className="nav__link">
              {l.label}
            </NavLink>
          ))}
        </nav>

        {!isAdmin && <DesktopSearch />}
        <div className="nav__tools">
          {!isAdmin && <PhoneSearch />}
          <button type="button" className="lang-btn nav__desktop-only" onClick={toggleLang} aria-label={t('nav.switchLanguage')} title={t('nav.switchLanguage')}>
            {lang === 'hi' ? 'EN' : 'हि'}
          </button>
          <button type="button" className="icon-btn nav__desktop-only" onClick={toggleTheme} aria-label={themeLabel} title={themeLabel}>
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </button>
          {isCustomer && <NotificationBell />}
          {isCustomer && (
            <Link to={ROUTES.cart} className="icon-btn" aria-label={t('nav.cartCount', { count })} data-testid="nav-cart">
              <CartIcon />
              {count > 0 && (
                <span className="count-badge" aria-hidden="true">
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Link>
          )}
          {authed ? (
            <ProfileMenu name={user.name} email={user.email} onLogout={doLogout} />
          ) : (
            status !== 'loading' && (
              <span className="nav__desktop-only" style={{ gap: 6, marginLeft: 6 }}>
                <Link to={ROUTES.login} className="btn btn--ghost btn--sm">
                  {t('nav.login')}
                </Link>
                <Link to={ROUTES.register} className="btn btn--primary btn--sm">
                  {t('nav.register')}
                </Link>
              </span>
            )
          )}
          <button
            type="button"
            className="icon-btn nav__mobile-only"
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {menuOpen && (
        <MobileSheet
          links={links}
          authed={authed}
          onClose={() => setMenuOpen(false)}
          onLogout={doLogout}
          toggleTheme={toggleTheme}
          themeLabel={themeLabel}
          theme={theme}
          toggleLang={toggleLang}
        />
      )}
    </header>
  );
}

function ProfileMenu({ name, email, onLogout }: { name: string; email: string; onLogout: () => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown nav__desktop-only" ref={ref}>
      <button
        type="button"
        className="dropdown__btn"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        aria-label={`${t('nav.account')}: ${name}`}
      >
        <span className="avatar" aria-hidden="true">
          {initials(name) || <UserIcon size={18} />}
        </span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div className="dropdown__menu" id={menuId}>
          <div className="dropdown__who">
            {t('nav.signedInAs')}
            <strong>{name}</strong>
            <span>{email}</span>
          </div>
          <Link to={ROUTES.profile} className="dropdown__item" onClick={() => setOpen(false)}>
            <UserIcon size={18} /> {t('nav.editProfile')}
          </Link>
          <WishlistMenuLink className="dropdown__item" onClick={() => setOpen(false)} />
          <button type="button" className="dropdown__item" onClick={onLogout}>
            <CloseIcon size={18} /> {t('nav.logout')}
          </button>
        </div>
      )}
    </div>
  );
}

interface SheetProps {
  links: LinkDef[];
  authed: boolean;
  onClose: () => void;
  onLogout: () => void;
  toggleTheme: () => void;
  themeLabel: string;
  theme: string;
  toggleLang: () => void;
}

function MobileSheet({ links, authed, onClose, onLogout, toggleTheme, themeLabel, theme, toggleLang }: SheetProps) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const { user } = useAuth();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [onClose]);

  // Rendered into <body>: the header's backdrop-filter would make it the containing block of
  // this fixed sheet and clip it to the header's height.
  return createPortal(
    <>
      <div className="sheet-backdrop" onClick={onClose} />
      <div className="sheet" id="mobile-menu" role="dialog" aria-modal="true" aria-label={t('nav.main')} ref={ref}>
        <div className="sheet__head">
          {authed && user ? (
            <span className="row" style={{ gap: 10 }}>
              <span className="avatar" aria-hidden="true">
                {initials(user.name)}
              </span>
              <strong>{user.name}</strong>
            </span>
          ) : (
            <strong>{t('app.name')}</strong>
          )}
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('nav.closeMenu')}>
            <CloseIcon />
          </button>
        </div>
        <nav className="sheet__nav" aria-label={t('nav.main')}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className="sheet__link">
              {l.label}
            </NavLink>
          ))}
          <div className="sheet__sep" />
          {authed ? (
            <>
              <NavLink to={ROUTES.profile} className="sheet__link">
                {t('nav.editProfile')}
              </NavLink>
              <WishlistMenuLink className="sheet__link" />
              <button type="button" className="sheet__link" onClick={onLogout}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <>
              <NavLink to={ROUTES.login} className="sheet__link">
                {t('nav.login')}
              </NavLink>
              <NavLink to={ROUTES.register} className="sheet__link">
                {t('nav.register')}
              </NavLink>
            </>
          )}
        </nav>
        <div className="sheet__prefs">
          <button type="button" className="btn btn--outline btn--sm lang-label" onClick={toggleLang} aria-label={t('nav.switchLanguage')}>
            {lang === 'hi' ? 'English' : 'हिन्दी'}
          </button>
          <button type="button" className="btn btn--outline btn--sm" onClick={toggleTheme} aria-label={themeLabel}>
            {theme === 'dark' ? <SunIcon size={18} /> : <MoonIcon size={18} />}
            {theme === 'dark' ? t('nav.light') : t('nav.dark')}
          </button>
        </div>
      </div>
    </>,
    document.body,
  );
}
