import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Markup, parseMarkup } from './markup';

const reply = `Yellow leaves on a money plant:
The most common cause is **too much water**.

What to do:
- Let the top 3 cm of soil dry out
- Move it to **bright, indirect** light
1. Remove the yellow leaves.
2. Check the roots for rot.
   Trim anything brown and mushy.

You may like [Money Plant](/plant/abc-123) or see /plant/xyz_9 too.
<img src=x onerror=alert(1)>`;

function renderMarkup(text: string) {
  return render(
    <MemoryRouter initialEntries={['/plant-care-ai']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/plant-care-ai" element={<Markup text={text} />} />
        <Route path="/plant/:id" element={<p>plant page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('assistant markup', () => {
  it('parses headings, bullets, numbered blocks and paragraphs', () => {
    const blocks = parseMarkup(reply);
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'heading', 'bullets', 'numbered', 'paragraph']);
    const numbered = blocks[4];
    expect(numbered.type === 'numbered' && numbered.items[1].lines).toEqual(['Check the roots for rot.', 'Trim anything brown and mushy.']);
  });

  it('renders React elements: headings, lists, bold, and never raw HTML', () => {
    const { container } = renderMarkup(reply);
    expect(screen.getByRole('heading', { name: 'Yellow leaves on a money plant' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What to do' })).toBeInTheDocument();
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(screen.getByText('too much water').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('makes plant links clickable through the router', async () => {
    renderMarkup(reply);
    const link = screen.getByRole('link', { name: 'Money Plant' });
    expect(link).toHaveAttribute('href', '/plant/abc-123');
    expect(screen.getByRole('link', { name: 'view the plant' })).toHaveAttribute('href', '/plant/xyz_9');
    expect(screen.queryByText(/\/plant\//)).toBeNull();
    await userEvent.click(link);
    expect(screen.getByText('plant page')).toBeInTheDocument();
  });

  it('shows a shop line as the plant name with its price, never the raw path', () => {
    const { container } = renderMarkup('Yes — we sell it:\n- **Snake Plant**: ₹299: /plant/0190-abc\n- **Tulsi** (तुलसी): ₹149 (12 in stock): /plant/t_1');
    const link = screen.getByRole('link', { name: 'Snake Plant' });
    expect(link).toHaveAttribute('href', '/plant/0190-abc');
    expect(screen.getByRole('link', { name: 'Tulsi' })).toHaveAttribute('href', '/plant/t_1');
    expect(container.textContent).toContain('₹299');
    expect(container.textContent).toContain('(तुलसी): ₹149 (12 in stock)');
    expect(container.textContent).not.toContain('/plant/');
  });

  it('shows _emphasis_ as emphasis, in Hindi too, and leaves snake_case words alone', () => {
    const { container } = renderMarkup('पानी ठीक रखें।\n\n_पूरी जानकारी के लिए "और बताइए" लिखें।_\nSee my_plant_notes and _this_.');
    const ems = Array.from(container.querySelectorAll('em')).map((e) => e.textContent);
    expect(ems).toEqual(['पूरी जानकारी के लिए "और बताइए" लिखें।', 'this']);
    expect(container.textContent).toContain('my_plant_notes');
    expect(container.textContent).not.toContain('_पूरी');
  });

  it('opens outside links in a new tab and ignores unsafe schemes', () => {
    const { container } = renderMarkup('See https://example.org/care. Or [bad](javascript:alert(1)).');
    const a = screen.getByRole('link', { name: 'https://example.org/care' });
    expect(a).toHaveAttribute('target', '_blank');
    expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
