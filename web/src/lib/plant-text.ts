/**
 * A plant's texts in the shopper's language (issue 19): in Hindi mode the Hindi name and
 * description, each falling back to English on its own when the shop has not written it.
 */
import type { Language } from '@/lib/i18n';

interface Named {
  name: string;
  nameHi?: string | null;
}

interface Described {
  description: string;
  descriptionHi?: string | null;
}

/** Empty or blank Hindi counts as missing. */
function hindi(text: string | null | undefined): string | null {
  return text && text.trim() ? text : null;
}

export function plantName(plant: Named, lang: Language): string {
  return (lang === 'hi' && hindi(plant.nameHi)) || plant.name;
}

export function plantDescription(plant: Described, lang: Language): string {
  return (lang === 'hi' && hindi(plant.descriptionHi)) || plant.description;
}

/** An order line's name: its Hindi name in Hindi mode, else the name it was ordered under. */
export function orderItemName(item: { plantName: string; plantNameHi?: string | null }, lang: Language): string {
  return (lang === 'hi' && hindi(item.plantNameHi)) || item.plantName;
}
