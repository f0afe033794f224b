import { useEffect } from 'react';

/**
 * The site's description: the default `<meta name="description">` of index.html (a test
 * keeps them equal). Not read from the page, whose head the server may have replaced with a
 * plant's own on a first visit to /plant/:id.
 */
export const SITE_DESCRIPTION =
  'Hariyali is an online plant shop for India: indoor, outdoor, succulent and flowering plants with free shipping, Cash on Delivery and a free AI plant-care assistant.';

/** Sets the document title and meta description of a page (the site's default when none). */
export function useDocumentTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description ?? SITE_DESCRIPTION);
  }, [title, description]);
}
