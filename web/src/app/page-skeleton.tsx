import { Skeleton } from '@/components/ui';
import { useI18n } from '@/lib/i18n';

/** Shown while a route chunk or the session check is loading: never a blank page. */
export function PageSkeleton() {
  const { t } = useI18n();
  return (
    <div className="container page page-loading" aria-busy="true">
      <span className="sr-only" role="status">
        {t('app.loading')}
      </span>
      <Skeleton style={{ width: '40%', height: 36 }} />
      <Skeleton style={{ width: '70%', height: 16 }} />
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', marginTop: 12 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} style={{ aspectRatio: '1', height: 'auto' }} />
        ))}
      </div>
    </div>
  );
}
