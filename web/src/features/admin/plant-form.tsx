import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useCategories } from '@/lib/config';
import { formatFileSize } from '@/lib/format';
import { categoryLabel, errorCodeText, tf, useI18n } from '@/lib/i18n';
import { useForm } from '@/lib/use-form';
import { LIMITS, PLANT_IMAGE_TYPES, validatePlantForm, type PlantForm } from '@/lib/validation';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/field';
import { Modal } from '@/components/modal';
import { PlantImage } from '@/components/ui';
import type { Plant } from '@/types/api';
import { useSavePlant } from './api';
import { CARE_FIELDS, EXTRAS_ORDER, appendPlantExtras, extrasFromPlant, validatePlantExtras, type PlantExtrasForm } from './plant-extras';
import { DIFFICULTIES, LIGHTS, WATERS } from '@/types/api';
import type { MessageKey } from '@/lib/i18n';

type Fields = keyof PlantForm;
const ORDER: Fields[] = ['name', 'description', 'price', 'originalPrice', 'stock', 'categories', 'image'];

/** Builds the multipart body of POST/PUT /plants. */
export function plantFormData(v: PlantForm, file: File | null, extras?: PlantExtrasForm): FormData {
  const fd = new FormData();
  fd.append('name', v.name.trim());
  fd.append('description', v.description.trim());
  fd.append('price', v.price.trim());
  if (v.originalPrice.trim()) fd.append('originalPrice', v.originalPrice.trim());
  v.categories.forEach((c) => fd.append('categories', c));
  fd.append('stock', v.stock.trim());
  if (extras) appendPlantExtras(fd, extras);
  if (file) fd.append('image', file, file.name);
  return fd;
}

interface ServerProblem {
  heading: string;
  lines: string[];
}

/** Spec section 8: the server's list of errors, its message or error field, or a connection/unexpected text. */
export function describeSaveError(err: unknown, t: (k: 'admin.form.serverErrors' | 'admin.form.connection' | 'admin.form.unexpected') => string, tm: (s: string) => string): ServerProblem {
  if (err instanceof ApiError) {
    if (err.kind !== 'http') return { heading: t('admin.form.connection'), lines: [] };
    if (err.errors?.length) return { heading: t('admin.form.serverErrors'), lines: err.errors.map(tf) };
    const text = errorCodeText(err.code) ?? err.serverMessage ?? err.serverError;
    if (text) return { heading: t('admin.form.serverErrors'), lines: [tm(text)] };
    return { heading: t('admin.form.unexpected'), lines: [tm(err.message)] };
  }
  return { heading: t('admin.form.unexpected'), lines: [] };
}

export function PlantFormModal({ plant, onClose, onSaved }: { plant: Plant | null; onClose: () => void; onSaved: (created: boolean) => void }) {
  const { t, tm } = useI18n();
  const categories = useCategories();
  const save = useSavePlant();
  // The plant's own fields and its optional extras (Hindi texts, care) are two forms of the
  // one kind every form uses (useForm): errors show once a field is left or on submit.
  const form = useForm<PlantForm>({
    name: plant?.name ?? '',
    description: plant?.description ?? '',
    price: plant ? String(plant.price) : '',
    originalPrice: plant?.originalPrice != null ? String(plant.originalPrice) : '',
    stock: plant ? String(plant.stock) : '',
    categories: plant?.categories ?? [],
    image: null,
  }, validatePlantForm);
  const extras = useForm<PlantExtrasForm>(extrasFromPlant(plant), validatePlantExtras);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const formId = 'plant-form';

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const { values } = form;
  const err = (f: Fields) => form.error(f);

  function pickFile(f: File | null) {
    setFile(f);
    form.setField('image', f ? { size: f.size, type: f.type } : null);
    // A picked file is judged at once (size, type): there is no field to leave.
    form.touch('image');
    setPreview(f ? URL.createObjectURL(f) : null);
  }

  function toggleCategory(c: string) {
    const chosen = values.categories;
    form.setField('categories', chosen.includes(c) ? chosen.filter((x) => x !== c) : [...chosen, c]);
    form.touch('categories');
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    const plantOk = form.submit(formRef.current);
    const extrasOk = extras.submit(plantOk ? formRef.current : null);
    if (!plantOk || !extrasOk) return;
    try {
      await save.mutateAsync({ id: plant?._id, form: plantFormData(values, file, extras.values) });
      onSaved(!plant);
    } catch (er) {
      setProblem(describeSaveError(er, t, tm));
    }
  }

  const list: MessageKey[] = form.submitted
    ? [...ORDER.filter((f) => form.errors[f]).map((f) => form.errors[f]!), ...new Set(EXTRAS_ORDER.filter((f) => extras.errors[f]).map((f) => extras.errors[f]!))]
    : [];

  return (
    <Modal
      title={plant ? t('admin.plants.edit') : t('admin.plants.add')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : plant ? t('admin.form.save') : t('admin.form.create')}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
        {list.length > 0 && (
          <div className="span-2">
            <FormMessage kind="error">
              <div>
                <p className="errlist-title">{t('admin.form.fixErrors')}</p>
                <ul className="errlist" data-testid="plant-form-errors">
                  {list.map((k) => (
                    <li key={k}>{t(k)}</li>
                  ))}
                </ul>
              </div>
            </FormMessage>
          </div>
        )}
        {problem && (
          <div className="span-2">
            <FormMessage kind="error">
              <div>
                <p className="errlist-title">{problem.heading}</p>
                {problem.lines.length > 0 && (
                  <ul className="errlist">
                    {problem.lines.map((l, i) => (
                      <li key={i}>{l}</li>
                    ))}
                  </ul>
                )}
              </div>
            </FormMessage>
          </div>
        )}
        <TextField className="span-2" label={t('admin.form.name')} required maxLength={120} {...form.bind('name')} error={err('name')} />
        <TextAreaField className="span-2" label={t('admin.form.description')} required maxLength={1200} rows={4} {...form.bind('description')} error={err('description')} />
        <TextField label={t('admin.form.price')} required inputMode="numeric" {...form.bind('price')} error={err('price')} />
        <TextField label={`${t('admin.form.originalPrice')} ${t('common.optional')}`} inputMode="numeric" {...form.bind('originalPrice')} error={err('originalPrice')} />
        <TextField label={t('admin.form.stock')} required inputMode="numeric" {...form.bind('stock')} error={err('stock')} />
        <TextField className="span-2" label={`${t('admin.form.nameHi')} ${t('common.optional')}`} lang="hi" maxLength={120} {...extras.bind('nameHi')} error={extras.error('nameHi')} />
        <TextAreaField className="span-2" label={`${t('admin.form.descriptionHi')} ${t('common.optional')}`} lang="hi" maxLength={1200} rows={3} {...extras.bind('descriptionHi')} error={extras.error('descriptionHi')} />
        <fieldset className="span-2 care-picker" aria-describedby="care-hint">
          <legend className="field__label">{t('admin.form.care')}</legend>
          <p className="field__hint" id="care-hint">
            {t('admin.form.careHint')}
          </p>
          <div className="form-grid form-grid--2">
            {CARE_FIELDS.map((f) => {
              const options: [string, string][] =
                f === 'careLight'
                  ? LIGHTS.map((l) => [l, t(`care.light.${l}` as MessageKey)])
                  : f === 'careWater'
                    ? WATERS.map((w) => [w, t(`care.water.${w}` as MessageKey)])
                    : f === 'careDifficulty'
                      ? DIFFICULTIES.map((d) => [d, t(`care.difficulty.${d}` as MessageKey)])
                      : [
                          ['true', t('admin.form.yes')],
                          ['false', t('admin.form.no')],
                        ];
              const label = { careLight: 'care.light', careWater: 'care.water', careDifficulty: 'care.difficulty', carePetSafe: 'care.petSafe', careChildSafe: 'care.childSafe' }[f] as MessageKey;
              return (
                <SelectField key={f} label={t(label)} {...extras.bind(f)} error={extras.error(f)}>
                  <option value="">{t('admin.form.careUnknown')}</option>
                  {options.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </SelectField>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="cat-picker span-2" aria-describedby="cat-hint cat-err">
          <legend className="field__label">{t('admin.form.categories')}</legend>
          <div className="cat-picker__opts">
            {categories.map((c) => (
              <label key={c} className="cat-opt">
                <input type="checkbox" name="categories" value={c} checked={values.categories.includes(c)} onChange={() => toggleCategory(c)} />
                <span>{categoryLabel(c)}</span>
              </label>
            ))}
          </div>
          <p className="field__hint" id="cat-hint">
            {t('admin.form.categoriesHint')}
          </p>
          {err('categories') && (
            <p className="field__error" id="cat-err" role="alert">
              {err('categories')}
            </p>
          )}
        </fieldset>
        <div className="field span-2">
          <span className="field__label" id="img-label">
            {t('admin.form.image')}
          </span>
          <div className="img-picker">
            <div className="img-picker__preview">
              {preview ? <img src={preview} alt={t('admin.form.preview')} width={96} height={96} /> : <PlantImage src={plant?.thumbnail ?? plant?.image} alt={plant?.name ?? t('common.noImage')} size={96} />}
            </div>
            <div className="stack" style={{ gap: 6 }}>
              <input
                ref={fileRef}
                type="file"
                name="image"
                accept={PLANT_IMAGE_TYPES.join(',')}
                className="sr-only"
                id="plant-image"
                onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
                aria-describedby="img-hint img-err"
              />
              <div className="row">
                <label htmlFor="plant-image" className="btn btn--outline btn--sm" role="button" tabIndex={0} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), fileRef.current?.click())}>
                  {t('admin.form.chooseImage')}
                </label>
                {file && (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => {
                      pickFile(null);
                      if (fileRef.current) fileRef.current.value = '';
                    }}
                  >
                    {t('admin.form.clearImage')}
                  </button>
                )}
              </div>
              <p className="field__hint" id="img-hint">
                {file ? `${file.name} · ${formatFileSize(file.size)}` : plant ? t('admin.form.imageHintEdit') : t('admin.form.imageHint')}
              </p>
              {err('image') && (
                <p className="field__error" id="img-err" role="alert">
                  {err('image')}
                </p>
              )}
            </div>
          </div>
        </div>
        <input type="hidden" value={LIMITS.plantImageMaxBytes} readOnly aria-hidden="true" />
      </form>
    </Modal>
  );
}
