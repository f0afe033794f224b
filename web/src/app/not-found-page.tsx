import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui';
import { useDocumentTitle } from '@/lib/document-title';
import { useI18n } from '@/lib/i18n';
import { ROUTES } from '@/lib/routes';

export default function NotFoundPage() {
  const { t } = useI18n();
  useDocumentTitle(t('notFound.metaTitle'));
  return (
    <div className="container page">
      <EmptyState
          pageTitle
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link to={ROUTES.home} className="btn btn--primary">
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
