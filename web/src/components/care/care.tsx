/**
 * Care at a glance (issue 19): labelled badges on the plant page, compact icons on catalogue
 * cards (their words are there for screen readers and as a tooltip). A plant whose care is
 * unknown (`null`) shows nothing rather than a guess.
 */
import type { ReactNode } from 'react';
import { useI18n, type MessageKey } from '@/lib/i18n';
import type { Care } from '@/types/api';
import './care.css';

interface IconProps {
  size: number;
  /** Struck through: "not safe". */
  slash?: boolean;
}

function Svg({ children, size, slash }: IconProps & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
      {slash && <path d="M3.5 3.5l17 17" />}
    </svg>
  );
}

const SunIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 3v2M12 19v2M3 12h2M19 12h2M5.6 5.6l1.4 1.4M17 17l1.4 1.4M5.6 18.4 7 17M17 7l1.4-1.4" />
  </Svg>
);
const DropIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3.5s6 6.4 6 10.7a6 6 0 0 1-12 0C6 9.9 12 3.5 12 3.5z" />
  </Svg>
);
const SproutIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 21v-9M12 12c0-4 3-6 7-6 0 4-3 6-7 6zM12 14c0-3-2.5-5-6-5 0 3 2.5 5 6 5z" />
  </Svg>
);
const PawIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="7" cy="10" r="1.8" />
    <circle cx="10.5" cy="6.5" r="1.8" />
    <circle cx="14.5" cy="6.5" r="1.8" />
    <circle cx="18" cy="10" r="1.8" />
    <path d="M8.5 17.5c0-2.5 1.7-4.5 4-4.5s4 2 4 4.5c0 1.5-1.2 2.3-2.5 2-1-.2-1.3-.5-1.5-.5s-.5.3-1.5.5c-1.3.3-2.5-.5-2.5-2z" />
  </Svg>
);
const ChildIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="6" r="2.5" />
    <path d="M12 9v6M8 11l4 1 4-1M10 21l2-6 2 6" />
  </Svg>
);

interface Fact {
  key: string;
  icon: (p: IconProps) => ReactNode;
  label: string;
  /** A warning (toxic), shown in the warning colour. */
  warn?: boolean;
}

function facts(care: Care, t: (k: MessageKey) => string): Fact[] {
  return [
    { key: 'light', icon: SunIcon, label: t(`care.light.${care.light}` as MessageKey) },
    { key: 'water', icon: DropIcon, label: t(`care.water.${care.water}` as MessageKey) },
    { key: 'difficulty', icon: SproutIcon, label: t(`care.difficulty.${care.difficulty}` as MessageKey) },
    { key: 'pet', icon: PawIcon, label: care.petSafe ? t('care.petSafe') : t('care.petUnsafe'), warn: !care.petSafe },
    { key: 'child', icon: ChildIcon, label: care.childSafe ? t('care.childSafe') : t('care.childUnsafe'), warn: !care.childSafe },
  ];
}

/** The plant page's badges: icon and words for each of the five facts. */
export function CareBadges({ care }: { care: Care | null | undefined }) {
  const { t } = useI18n();
  if (!care) return null;
  return (
    <section className="care" aria-labelledby="care-title">
      <h2 id="care-title" className="sr-only">
        {t('care.title')}
      </h2>
      <ul className="care__badges" data-testid="care-badges">
        {facts(care, t).map((f) => (
          <li key={f.key} className={`care__badge ${f.warn ? 'is-warn' : ''}`} data-care={f.key}>
            <f.icon size={18} slash={f.warn} />
            <span>{f.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A card's compact line: light, water and pet safety as icons; the words are read out by
 * screen readers and shown as a tooltip.
 */
export function CareIcons({ care }: { care: Care | null | undefined }) {
  const { t } = useI18n();
  if (!care) return null;
  const shown = facts(care, t).filter((f) => f.key === 'light' || f.key === 'water' || f.key === 'pet');
  const words = shown.map((f) => f.label).join(', ');
  return (
    <p className="care-icons" title={words} data-testid="care-icons">
      {shown.map((f) => (
        <span key={f.key} className={`care-icons__i ${f.warn ? 'is-warn' : ''}`} data-care={f.key}>
          <f.icon size={16} slash={f.warn} />
        </span>
      ))}
      <span className="sr-only">{`${t('care.title')}: ${words}`}</span>
    </p>
  );
}
