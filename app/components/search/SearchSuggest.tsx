import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

interface Suggestion {
  id: string;
  title: string;
  creatorName: string;
}

/** Wait this long after the last key before asking, so typing a word costs one request, not one per letter. */
const DEBOUNCE_MS = 200;
export const SUGGEST_LIST_ID = 'search-suggestions';

/**
 * Suggestions under the top bar's search box, loaded only once the box gets focus. The input stays the
 * plain GET form's field (search works without this); this adds a listbox driven by ↓/↑, Enter and Escape
 * (the ARIA combobox pattern) and opens the chosen course.
 */
export default function SearchSuggest({ input }: { input: HTMLInputElement }) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { t } = useT();
  const state = useRef({ items, active, open });
  state.current = { items, active, open };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const close = () => {
      setOpen(false);
      setActive(-1);
    };
    const ask = () => {
      const q = input.value.trim();
      clearTimeout(timer);
      request?.abort();
      if (q.length < 2) {
        setItems([]);
        close();
        return;
      }
      timer = setTimeout(async () => {
        request = new AbortController();
        try {
          const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: request.signal });
          if (!res.ok) return;
          const body = (await res.json()) as { suggestions: Suggestion[] };
          setItems(body.suggestions);
          setActive(-1);
          setOpen(document.activeElement === input);
        } catch {
          // Offline or aborted: the form still searches on Enter.
        }
      }, DEBOUNCE_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      const s = state.current;
      if (e.key === 'Escape' && s.open) {
        e.preventDefault();
        close();
      } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && s.items.length) {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        // -1 is the box itself; moving past either end wraps through it.
        const next = s.active + step;
        setActive(next >= s.items.length ? -1 : next < -1 ? s.items.length - 1 : next);
      } else if (e.key === 'Enter' && s.open && s.active >= 0) {
        e.preventDefault();
        const chosen = s.items[s.active];
        close();
        if (chosen) navigate(`/course/${chosen.id}`);
      }
    };
    // Closing on blur waits a moment so a tap on a suggestion lands first.
    const onBlur = () => setTimeout(close, 150);
    input.addEventListener('input', ask);
    input.addEventListener('keydown', onKey);
    input.addEventListener('blur', onBlur);
    if (input.value.trim().length >= 2) ask();
    return () => {
      clearTimeout(timer);
      request?.abort();
      input.removeEventListener('input', ask);
      input.removeEventListener('keydown', onKey);
      input.removeEventListener('blur', onBlur);
    };
  }, [input, navigate]);

  const shown = open && items.length > 0;
  // The box names the list only while the list is in the page (the server's HTML has neither), so the
  // reference never points at nothing.
  useEffect(() => {
    input.setAttribute('aria-controls', SUGGEST_LIST_ID);
    return () => input.removeAttribute('aria-controls');
  }, [input]);
  useEffect(() => {
    input.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) input.setAttribute('aria-activedescendant', `${SUGGEST_LIST_ID}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  }, [input, shown, active]);

  return (
    <div
      id={SUGGEST_LIST_ID}
      role="listbox"
      aria-label={t('search.suggestions')}
      className="search-suggest"
      hidden={!shown}
    >
      {(shown ? items : []).map((s, i) => (
        <div
          key={s.id}
          tabIndex={-1}
          id={`${SUGGEST_LIST_ID}-${i}`}
          role="option"
          aria-selected={i === active}
          onPointerDown={(e) => {
            e.preventDefault(); // keep focus in the box
            setOpen(false);
            navigate(`/course/${s.id}`);
          }}
        >
          <span className="search-suggest-title">{s.title}</span>
          <span className="search-suggest-creator">{s.creatorName}</span>
        </div>
      ))}
    </div>
  );
}
