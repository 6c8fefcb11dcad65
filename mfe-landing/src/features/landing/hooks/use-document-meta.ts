import { useEffect } from 'react';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Page title and meta description naming the machine (for the tab, bookmarks and link previews); the
 * shell gets its own title back when the screen goes away.
 */
export function useDocumentMeta(title: string | null, description: string | null): void {
  useEffect(() => {
    if (title === null || description === null) return;
    const meta = descriptionMeta();
    const previous = { title: document.title, description: meta.content };
    document.title = title;
    meta.content = description;
    return () => {
      document.title = previous.title;
      meta.content = previous.description;
    };
  }, [title, description]);
}
