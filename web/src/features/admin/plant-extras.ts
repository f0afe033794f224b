/**
 * The admin form's issue-19 fields: Hindi name and description, and the five care facts.
 * The server's rules (server/src/domain/plant_extras.rs): Hindi texts optional (an empty one
 * clears), care all five or none.
 */
import type { MessageKey } from '@/lib/i18n';
import type { Plant } from '@/types/api';

export interface PlantExtrasForm {
  nameHi: string;
  descriptionHi: string;
  /** '' = not known; otherwise the API's words ('true'/'false' for the two safeties). */
  careLight: string;
  careWater: string;
  careDifficulty: string;
  carePetSafe: string;
  careChildSafe: string;
}

export type ExtrasField = keyof PlantExtrasForm;
export const CARE_FIELDS = ['careLight', 'careWater', 'careDifficulty', 'carePetSafe', 'careChildSafe'] as const;
export const EXTRAS_ORDER: ExtrasField[] = ['nameHi', 'descriptionHi', ...CARE_FIELDS];

export function extrasFromPlant(plant: Plant | null): PlantExtrasForm {
  const care = plant?.care;
  return {
    nameHi: plant?.nameHi ?? '',
    descriptionHi: plant?.descriptionHi ?? '',
    careLight: care?.light ?? '',
    careWater: care?.water ?? '',
    careDifficulty: care?.difficulty ?? '',
    carePetSafe: care ? String(care.petSafe) : '',
    careChildSafe: care ? String(care.childSafe) : '',
  };
}

export function validatePlantExtras(v: PlantExtrasForm): Partial<Record<ExtrasField, MessageKey>> {
  const out: Partial<Record<ExtrasField, MessageKey>> = {};
  const nameHi = [...v.nameHi.trim()].length;
  if (nameHi > 0 && (nameHi < 2 || nameHi > 100)) out.nameHi = 'admin.form.nameHiLength';
  const descriptionHi = [...v.descriptionHi.trim()].length;
  if (descriptionHi > 0 && (descriptionHi < 10 || descriptionHi > 1000)) out.descriptionHi = 'admin.form.descriptionHiLength';
  const filled = CARE_FIELDS.filter((f) => v[f] !== '');
  if (filled.length > 0 && filled.length < CARE_FIELDS.length) {
    for (const f of CARE_FIELDS) if (v[f] === '') out[f] = 'admin.form.careIncomplete';
  }
  return out;
}

/** Every field is sent: an empty Hindi text or five empty care fields clear what was there. */
export function appendPlantExtras(fd: FormData, v: PlantExtrasForm): void {
  fd.append('nameHi', v.nameHi.trim());
  fd.append('descriptionHi', v.descriptionHi.trim());
  for (const f of CARE_FIELDS) fd.append(f, v[f]);
}
