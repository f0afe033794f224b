/**
 * Renders the assistant's simple markup with React elements (never as HTML):
 * lines ending with ':' (or starting with '#') are headings, '- ' lines are bullets,
 * '1. ' lines start numbered blocks, **bold** is bold, _emphasis_ is emphasis, and links — [text](/plant/ID),
 * bare /plant/ID paths and http(s) URLs — are clickable (internal ones via the router).
 * A shop line ("**Snake Plant**: ₹299: /plant/ID") shows the plant's name as the link and
 * its price; a raw /plant/ID path is never shown to the customer.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ShopPlantName } from './shop-plant-name';

export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; lines: string[] }
  | { type: 'bullets'; items: string[] }
  | { type: 'numbered'; items: { n: number; lines: string[] }[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;
const HASH_HEADING = /^\s*#{1,6}\s+(.*)$/;

function isHeading(line: string): boolean {
  const s = line.trim();
  return s.length > 1 && s.length <= 90 && s.endsWith(':') && !BULLET.test(s) && !NUMBERED.test(s);
}

export function parseMarkup(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const hash = HASH_HEADING.exec(line);
    if (hash) {
      blocks.push({ type: 'heading', text: hash[1].trim().replace(/:$/, '') });
      i++;
      continue;
    }
    if (BULLET.test(line)) {
      const items: string[] = [];
      while (i < lines.length && BULLET.test(lines[i])) {
        items.push(BULLET.exec(lines[i])![1]);
        i++;
      }
      blocks.push({ type: 'bullets', items });
      continue;
    }
    if (NUMBERED.test(line)) {
      const items: { n: number; lines: string[] }[] = [];
      while (i < lines.length) {
        const m = NUMBERED.exec(lines[i]);
        if (m) {
          items.push({ n: Number(m[1]), lines: [m[2]] });
          i++;
          continue;
        }
        // Indented or plain continuation lines (and bullets) belong to the current block.
        const l = lines[i];
        if (l.trim() && !isHeading(l) && !HASH_HEADING.test(l) && (l.startsWith(' ') || l.startsWith('\t') || BULLET.test(l))) {
          items[items.length - 1].lines.push(l.trim());
          i++;
          continue;
        }
        // A blank line followed by another number keeps the list going.
        if (!l.trim() && i + 1 < lines.length && NUMBERED.test(lines[i + 1])) {
          i++;
          continue;
        }
        break;
      }
      blocks.push({ type: 'numbered', items });
      continue;
    }
    if (isHeading(line)) {
      blocks.push({ type: 'heading', text: line.trim().slice(0, -1) });
      i++;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() && !BULLET.test(lines[i]) && !NUMBERED.test(lines[i]) && !isHeading(lines[i]) && !HASH_HEADING.test(lines[i])) {
      para.push(lines[i].trim());
      i++;
    }
    blocks.push({ type: 'paragraph', lines: para });
  }
  return blocks;
}

// _emphasis_ only between word boundaries (start, space or bracket before; end, space or
// punctuation after), so snake_case words and plant ids keep their underscores.
const INLINE =
  /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|(\/plant\/[A-Za-z0-9_-]+)|(?<=^|[\s(])_([^_\n]+?)_(?=$|[\s.,;:!?)।])/g;

function linkFor(href: string, label: ReactNode, key: string): ReactNode {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link key={key} to={href}>
        {label}
      </Link>
    );
  }
  if (/^https?:\/\//.test(href)) {
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return <Fragment key={key}>{label}</Fragment>;
}

/** "…**Name**<details>: /plant/ID" — a catalogue line the engine writes. */
const SHOP_LINE = /^(.*?)\*\*(.+?)\*\*(.*?):?\s*(\/plant\/[A-Za-z0-9_-]+)\s*$/;

/** A shop line: the name links to the plant page, the price and details stay as text. */
function renderShopLine(text: string, keyPrefix: string): ReactNode[] | null {
  const m = SHOP_LINE.exec(text);
  if (!m) return null;
  const [, before, name, rest, href] = m;
  const details = rest.replace(/^\s*:\s*/, '').replace(/[:\s]+$/, '');
  return [
    ...(before ? renderInline(before, `${keyPrefix}-b`) : []),
    <Link key={`${keyPrefix}-p`} to={href} className="markup__product">
      <strong>
        <ShopPlantName id={href.slice('/plant/'.length)} name={name} />
      </strong>
    </Link>,
    ...(details ? [` — ${details}`] : []),
  ];
}

/** Inline markup: bold, emphasis and links. Unknown syntax stays as text. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const shop = renderShopLine(text, keyPrefix);
  if (shop) return shop;
  const out: ReactNode[] = [];
  let last = 0;
  let m: RegExpExecArray | null;
  let n = 0;
  const re = new RegExp(INLINE.source, 'g');
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = `${keyPrefix}-${n++}`;
    if (m[1] !== undefined) {
      const inner = m[1];
      out.push(<strong key={key}>{renderInline(inner, key)}</strong>);
    } else if (m[2] !== undefined) out.push(linkFor(m[3], m[2], key));
    else if (m[4] !== undefined) out.push(linkFor(m[4], m[4], key));
    else if (m[5] !== undefined) out.push(linkFor(m[5], 'view the plant', key));
    else if (m[6] !== undefined) out.push(<em key={key}>{renderInline(m[6], key)}</em>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markup({ text }: { text: string }) {
  const blocks = parseMarkup(text);
  return (
    <div className="markup">
      {blocks.map((b, i) => {
        const k = `b${i}`;
        switch (b.type) {
          case 'heading':
            return (
              <h3 key={k} className="markup__h">
                {renderInline(b.text, k)}
              </h3>
            );
          case 'bullets':
            return (
              <ul key={k} className="markup__ul">
                {b.items.map((it, j) => (
                  <li key={j}>{renderInline(it, `${k}-${j}`)}</li>
                ))}
              </ul>
            );
          case 'numbered':
            return (
              <ol key={k} className="markup__ol">
                {b.items.map((it, j) => (
                  <li key={j} value={it.n} className="markup__step">
                    {it.lines.map((l, x) => (
                      <Fragment key={x}>
                        {x > 0 && <br />}
                        {renderInline(l, `${k}-${j}-${x}`)}
                      </Fragment>
                    ))}
                  </li>
                ))}
              </ol>
            );
          default:
            return (
              <p key={k} className="markup__p">
                {b.lines.map((l, x) => (
                  <Fragment key={x}>
                    {x > 0 && <br />}
                    {renderInline(l, `${k}-${x}`)}
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
