/**
 * A plant's name in an assistant reply's shop line. The reply names plants in English; in
 * Hindi mode the link shows the plant's Hindi name (issue 19), read from the catalogue
 * (the same cached query as the plant page), and the English name while that loads or when
 * the plant has none.
 */
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@/lib/i18n';
import { plantName } from '@/lib/plant-text';
import { plantQuery } from '@/lib/plant-query';

export function ShopPlantName({ id, name }: { id: string; name: string }) {
  const { lang } = useI18n();
  return lang === 'hi' ? <HindiName id={id} name={name} /> : <>{name}</>;
}

function HindiName({ id, name }: { id: string; name: string }) {
  const { data } = useQuery({ ...plantQuery(id), staleTime: 5 * 60_000 });
  return <>{data ? plantName(data, 'hi') : name}</>;
}
