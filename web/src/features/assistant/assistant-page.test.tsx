import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch';
import AssistantPage from './assistant-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/plant-care-ai']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <AssistantPage />
    </MemoryRouter>,
  );
}

describe('assistant page', () => {
  beforeEach(() => sessionStorage.clear());
  it('sends with Enter, shows the loading line, renders the reply and keeps the session', async () => {
    let release: (r: Response) => void = () => undefined;
    const bodies: FormData[] = [];
    const fetchMock = stubFetch((_url, init) => {
      bodies.push(init.body as FormData);
      if (bodies.length === 1) return new Promise<Response>((r) => (release = r));
      return json({ success: false, message: 'Too many requests', error: 'You are asking too fast. Try again in a minute.' }, 429);
    });
    renderPage();
    const input = screen.getByRole('textbox', { name: 'Your question' });
    fireEvent.change(input, { target: { value: 'Why are my tulsi leaves yellow?' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Analyzing your plant question...')).toBeInTheDocument();
    expect(bodies[0].get('message')).toBe('Why are my tulsi leaves yellow?');
    expect(bodies[0].has('sessionId')).toBe(false);

    release(json({ success: true, sessionId: 's-1', message: 'Likely causes:\n- **Overwatering** in monsoon\n1. Check drainage.' }));
    expect(await screen.findByRole('heading', { name: 'Likely causes' })).toBeInTheDocument();
    expect(screen.getByText('Overwatering').tagName).toBe('STRONG');
    expect(screen.queryByText('Analyzing your plant question...')).toBeNull();

    fireEvent.change(input, { target: { value: 'And how often should I water it?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You are asking too fast. Try again in a minute.')).toBeInTheDocument();
    expect(bodies[1].get('sessionId')).toBe('s-1');
  });

  it('refuses HEIC and GIF photos before any upload', async () => {
    const fetchMock = stubFetch(() => json({ success: true, sessionId: 's', message: 'ok' }));
    const { container } = renderPage();
    const files = container.querySelector<HTMLInputElement>('#chat-files')!;
    const heic = new File(['x'], 'IMG_0001.HEIC', { type: 'image/heic' });
    const gif = new File(['x'], 'leaf.gif', { type: 'image/gif' });
    fireEvent.change(files, { target: { files: [heic, gif] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select valid image files (max 10MB each).');
    expect(screen.queryByRole('img', { name: 'Attached photo 1' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the conversation for the browser tab when the page is left and opened again', async () => {
    sessionStorage.clear();
    stubFetch(() => json({ success: true, sessionId: 's-9', message: 'Water tulsi when the top soil is dry.' }));
    const first = renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: 'How often to water tulsi?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Water tulsi when the top soil is dry.')).toBeInTheDocument();
    first.unmount();
    renderPage();
    expect(screen.getByText('How often to water tulsi?')).toBeInTheDocument();
    expect(screen.getByText('Water tulsi when the top soil is dry.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /New chat/ }));
    expect(screen.queryByText('How often to water tulsi?')).toBeNull();
    expect(sessionStorage.getItem('hariyali.chatLog')).toBeNull();
  });

  it('refuses bad attachments with the spec message and lets images be removed', async () => {
    stubFetch(() => json({ success: true, sessionId: 's', message: 'ok' }));
    URL.createObjectURL = () => `blob:${Math.random()}`;
    URL.revokeObjectURL = () => undefined;
    const { container } = renderPage();
    const files = container.querySelector<HTMLInputElement>('#chat-files')!;
    const img = new File(['x'], 'leaf.png', { type: 'image/png' });
    const pdf = new File(['x'], 'care.pdf', { type: 'application/pdf' });
    fireEvent.change(files, { target: { files: [img, pdf] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select valid image files (max 10MB each).');
    expect(screen.getByRole('img', { name: 'Attached photo 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('img', { name: 'Attached photo 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
