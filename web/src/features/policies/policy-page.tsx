import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeading } from '@/components/ui';
import { useDocumentTitle } from '@/lib/document-title';
import { useShopContact, type ShopContact } from '@/lib/config';
import { useI18n } from '@/lib/i18n';
import NotFoundPage from '@/app/not-found-page';
import { POLICIES, POLICY_SLUGS, type PolicySlug } from './content';
import './policies.css';
import { routeTo } from '@/lib/routes';

const isSlug = (s: string | undefined): s is PolicySlug => !!s && (POLICY_SLUGS as readonly string[]).includes(s);

/** Fills a paragraph's placeholders; emails and WhatsApp become links. */
function fill(text: string, contact: ShopContact, t: ReturnType<typeof useI18n>['t']): ReactNode[] {
  return text.split(/(\{[a-zA-Z]+\})/).map((part, i) => {
    switch (part) {
      case '{email}':
        return (
          <a key={i} href={`mailto:${contact.supportEmail}`}>
            {contact.supportEmail}
          </a>
        );
      case '{grievanceEmail}':
        return (
          <a key={i} href={`mailto:${contact.grievanceEmail}`}>
            {contact.grievanceEmail}
          </a>
        );
      case '{shop}':
        return contact.shopName;
      case '{officer}':
        return contact.grievanceOfficer ? t('policy.officerNamed', { name: contact.grievanceOfficer }) : t('policy.officerUnnamed');
      case '{whatsappLine}':
        return contact.supportWhatsapp ? (
          <span key={i}>
            {t('policy.orWhatsapp')}{' '}
            <a href={`https://wa.me/${contact.supportWhatsapp}`} rel="noopener noreferrer" target="_blank">
              WhatsApp
            </a>
          </span>
        ) : null;
      default:
        return part;
    }
  });
}

export default function PolicyPage() {
  const { slug } = useParams();
  const { t, lang } = useI18n();
  const contact = useShopContact();
  const policy = isSlug(slug) ? POLICIES[lang === 'hi' ? 'hi' : 'en'][slug] : null;
  useDocumentTitle(policy ? `${policy.title} — ${contact.shopName}` : t('notFound.metaTitle'));
  if (!policy || !isSlug(slug)) return <NotFoundPage />;

  return (
    <div className="container page policy">
      <PageHeading>{policy.title}</PageHeading>
      <p className="policy__intro">{fill(policy.intro, contact, t)}</p>
      {policy.sections.map((s) => (
        <section key={s.heading} className="policy__section">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{fill(p, contact, t)}</p>
          ))}
        </section>
      ))}
      <section className="policy__section" aria-labelledby="policy-contact">
        <h2 id="policy-contact">{t('policy.contactTitle')}</h2>
        <ul className="policy__contact">
          <li>
            {t('policy.email')}: <a href={`mailto:${contact.supportEmail}`}>{contact.supportEmail}</a>
          </li>
          {contact.supportPhone && (
            <li>
              {t('policy.phone')}: <a href={`tel:${contact.supportPhone.replace(/[^\d+]/g, '')}`}>{contact.supportPhone}</a>
            </li>
          )}
          {contact.supportWhatsapp && (
            <li>
              WhatsApp:{' '}
              <a href={`https://wa.me/${contact.supportWhatsapp}`} rel="noopener noreferrer" target="_blank">
                +{contact.supportWhatsapp}
              </a>
            </li>
          )}
        </ul>
      </section>
      <nav className="policy__more" aria-label={t('footer.help')}>
        {POLICY_SLUGS.filter((s) => s !== slug).map((s) => (
          <Link key={s} to={routeTo.help(s)}>
            {POLICIES[lang === 'hi' ? 'hi' : 'en'][s].title}
          </Link>
        ))}
      </nav>
    </div>
  );
}
