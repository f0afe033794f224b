import { useEffect } from 'react';

let defaultDescription: string | null = null;

/** Sets the document title and meta description of a page (the site's default when none). */
export function useDocumentTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title;
    const meta = document.querySelector('meta[name="description"]');
    if (!meta) return;
    if (defaultDescription === null) defaultDescription = meta.getAttribute('content') ?? '';
    meta.setAttribute('content', description ?? defaultDescription);
  }, [title, description]);
}
