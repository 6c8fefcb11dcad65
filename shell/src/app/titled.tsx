import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from 'shared-ui';
import { appCatalogs } from './catalogs';
import { useDocumentTitle } from './document-title';
import type de from './locales/de.json';

type Key = keyof typeof de;
/** The screen titles of the staff app (`title.*` in app/locales), by route (shell/src/app/routes.tsx). */
export type Title = { [K in Key]: K extends `title.${infer T}` ? T : never }[Key];

/**
 * A routed screen with its title; the title may name the route's parameter (`:id`, `:serial`), so a
 * certificate's tab says which one it is.
 */
export function Titled({ title, children }: { title: Title; children: ReactNode }) {
  const t = useT(appCatalogs);
  const params = useParams();
  useDocumentTitle(t(`title.${title}`, { param: params.id ?? params.serial ?? '' }));
  return <>{children}</>;
}
