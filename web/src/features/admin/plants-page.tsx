import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatINR, formatRating } from '@/lib/format';
import { categoryLabel, useI18n } from '@/lib/i18n';
import { FormMessage } from '@/components/field';
import { PlusIcon, SearchIcon } from '@/components/icons';
import { ConfirmDialog } from '@/components/modal';
import { useToast } from '@/components/toast';
import { EmptyState, Pagination, PlantImage, Skeleton } from '@/components/ui';
import type { Plant } from '@/types/api';
import { LOW_STOCK_AT, useAdminPlants, useDeletePlant } from './api';
import { AdminShell } from './admin-shell';
import { useSearchQuery } from './use-search-query';
import { PlantFormModal } from './plant-form';

export default function PlantsPage() {
  const { t, tm } = useI18n();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Plant | null | undefined>(params.get('new') ? null : undefined);
  const [deleting, setDeleting] = useState<Plant | null>(null);
  const { search, setSearch, query } = useSearchQuery(() => setPage(1));
  const plants = useAdminPlants(query, page);
  const del = useDeletePlant();
  useDocumentTitle(t('admin.plants.metaTitle'));

  function closeForm() {
    setEditing(undefined);
    if (params.get('new')) setParams({}, { replace: true });
  }

  async function doDelete() {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting._id);
      toast.success(t('admin.plants.deleted'));
    } catch (e) {
      toast.error(tm(errorMessage(e, t('admin.plants.deleteFailed'))));
    } finally {
      setDeleting(null);
    }
  }

  const data = plants.data;

  return (
    <AdminShell
      title={t('admin.plants.title')}
      actions={
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing(null)}>
          <PlusIcon size={18} /> {t('admin.plants.add')}
        </button>
      }
    >
      <div className="admin-toolbar">
        <div className="searchbox">
          <label htmlFor="admin-plant-search" className="sr-only">
            {t('admin.plants.search')}
          </label>
          <SearchIcon size={18} />
          <input id="admin-plant-search" type="search" className="input searchbox__input" placeholder={t('admin.plants.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {data && <span className="muted">{data.total === 1 ? t('admin.plants.count1') : t('admin.plants.count', { count: data.total })}</span>}
      </div>

      {plants.isError ? (
        <FormMessage kind="error">{t('admin.plants.fetchFailed', { message: tm(errorMessage(plants.error)) })}</FormMessage>
      ) : plants.isPending ? (
        <Skeleton style={{ height: 320 }} />
      ) : data!.plants.length === 0 ? (
        <EmptyState title={t('admin.plants.empty')} />
      ) : (
        <div className="card table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">{t('admin.plants.col.plant')}</th>
                <th scope="col">{t('admin.plants.col.price')}</th>
                <th scope="col">{t('admin.plants.col.stock')}</th>
                <th scope="col">{t('admin.plants.col.categories')}</th>
                <th scope="col">{t('admin.plants.col.rating')}</th>
                <th scope="col">{t('admin.plants.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data!.plants.map((p) => (
                <tr key={p._id} data-testid="admin-plant-row">
                  <td>
                    <span className="admin-plant">
                      <span className="admin-plant__img">
                        <PlantImage src={p.thumbnail ?? p.image} alt={p.name} size={44} />
                      </span>
                      <span>
                        <strong>{p.name}</strong>
                        <small>{p.plantId}</small>
                      </span>
                    </span>
                  </td>
                  <td className="num" data-label={t('admin.plants.col.price')}>
                    {formatINR(p.price)}
                    {p.originalPrice != null && p.originalPrice > p.price && (
                      <small className="muted" style={{ display: 'block' }}>
                        <s>{formatINR(p.originalPrice)}</s>
                      </small>
                    )}
                  </td>
                  <td className={`num ${p.stock <= LOW_STOCK_AT ? 'stock-low' : ''}`} data-label={t('admin.plants.col.stock')}>
                    {p.stock}
                  </td>
                  <td data-label={t('admin.plants.col.categories')}>
                    <span className="chips">
                      {p.categories.map((c) => (
                        <span key={c} className="chip">
                          {categoryLabel(c)}
                        </span>
                      ))}
                    </span>
                  </td>
                  <td className="num" data-label={t('admin.plants.col.rating')}>{p.reviewCount ? `${formatRating(p.rating)} (${p.reviewCount})` : '—'}</td>
                  <td className="cell-actions-td">
                    <span className="cell-actions">
                      <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(p)} aria-label={t('admin.plants.editOf', { name: p.name })}>
                        {t('common.edit')}
                      </button>
                      <button type="button" className="btn btn--danger-outline btn--sm" onClick={() => setDeleting(p)} aria-label={t('admin.plants.deleteOf', { name: p.name })}>
                        {t('common.delete')}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={data.page} pages={data.pages} onPage={setPage} />}

      {editing !== undefined && (
        <PlantFormModal
          plant={editing}
          onClose={closeForm}
          onSaved={(created) => {
            toast.success(created ? t('admin.plants.added') : t('admin.plants.updated'));
            closeForm();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('admin.plants.deleteTitle')}
          message={t('admin.plants.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          busy={del.isPending}
          onConfirm={doDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </AdminShell>
  );
}
