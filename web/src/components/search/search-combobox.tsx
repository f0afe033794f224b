/**
 * The header's plant search: a WAI-ARIA 1.2 combobox (an editable input with a listbox
 * popup, list autocomplete). Suggestions arrive as you type; ArrowDown/ArrowUp move through
 * them (the input keeps focus, `aria-activedescendant` names the active option), Enter opens
 * the active plant or, with none active, the catalogue's results for the text, Escape closes
 * the list (a second Escape clears the text, or closes the phone's search panel).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatINR } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { plantName } from '@/lib/plant-text';
import { LeafIcon, SearchIcon } from '@/components/icons';
import type { Suggestion } from '@/types/api';
import { useSuggestions } from './use-suggestions';
import { routeTo } from '@/lib/routes';

interface Props {
  /** Where the box sits; also keeps the ids of the two boxes apart. */
  variant: 'desktop' | 'phone';
  autoFocus?: boolean;
  /** Escape on an empty, closed box (the phone panel closes). */
  onEscape?: () => void;
  /** After leaving for a plant or the results page. */
  onDone?: () => void;
}

export function SearchCombobox({ variant, autoFocus, onEscape, onDone }: Props) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const base = `search-${variant}-${useId().replace(/:/g, '')}`;
  const listId = `${base}-list`;
  const { query, suggestions, loading } = useSuggestions(text);

  // New suggestions: none is active until the shopper moves to one.
  useEffect(() => setActive(-1), [suggestions]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const showList = open && text.trim() !== '' && suggestions.length > 0;
  const optionId = (i: number) => `${base}-opt-${i}`;

  function leave(path: string) {
    setOpen(false);
    setActive(-1);
    setText('');
    inputRef.current?.blur();
    navigate(path);
    onDone?.();
  }

  const openPlant = (s: Suggestion) => leave(routeTo.plant(s._id));
  const searchAll = () => {
    const q = text.trim();
    if (q) leave(routeTo.catalogue({ search: q }));
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!showList) {
          setOpen(true);
          if (count) setActive(0);
        } else setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!showList) {
          setOpen(true);
          if (count) setActive(count - 1);
        } else setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        e.preventDefault();
        if (showList && active >= 0 && suggestions[active]) openPlant(suggestions[active]);
        else searchAll();
        break;
      case 'Escape':
        if (showList) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText('');
        } else if (onEscape) {
          e.preventDefault();
          onEscape();
        }
        break;
      case 'Home':
      case 'End':
        // Within the text, as the pattern asks: the caret moves, the option is released.
        setActive(-1);
        break;
    }
  }

  const status = !text.trim() || !open
    ? ''
    : loading && query !== text.trim()
      ? ''
      : suggestions.length === 0
        ? t('search.none')
        : suggestions.length === 1
          ? t('search.count1')
          : t('search.count', { count: suggestions.length });

  return (
    <div className={`hsearch hsearch--${variant}`}>
      <form
        role="search"
        className="hsearch__form"
        onSubmit={(e) => {
          e.preventDefault();
          searchAll();
        }}
      >
        <label htmlFor={`${base}-input`} className="sr-only">
          {t('nav.searchPlants')}
        </label>
        <SearchIcon size={18} className="hsearch__icon" />
        <input
          id={`${base}-input`}
          ref={inputRef}
          className="input hsearch__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${base}-hint`}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          // A tap on an option fires after this blur: the options keep the focus here
          // (mousedown is cancelled), so a real blur means the shopper went elsewhere.
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          data-testid={`header-search-${variant}`}
        />
        <span id={`${base}-hint`} className="sr-only">
          {t('search.hint')}
        </span>
      </form>
      <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="hsearch__list" hidden={!showList}>
        {showList &&
          suggestions.map((s, i) => {
            const name = plantName(s, lang);
            return (
              <li
                key={s._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`hsearch__opt ${i === active ? 'is-active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => active !== i && setActive(i)}
                onClick={() => openPlant(s)}
              >
                {s.image ? (
                  <img className="hsearch__img" src={s.image} alt="" width={40} height={40} loading="lazy" decoding="async" />
                ) : (
                  <span className="hsearch__img hsearch__img--empty" aria-hidden="true">
                    <LeafIcon size={18} />
                  </span>
                )}
                <span className="hsearch__name">
                  <span lang={name === s.name ? 'en' : 'hi'}>{name}</span>
                  {name !== s.name && (
                    <span className="hsearch__alt" lang="en">
                      {s.name}
                    </span>
                  )}
                </span>
                <span className="hsearch__price">{formatINR(s.price)}</span>
              </li>
            );
          })}
      </ul>
      <span className="sr-only" role="status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
