import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from './document-title';

/**
 * A routed screen with its title; `title` may read the route's parameter (`:id`, `:serial`), so a certificate's
 * tab says which one it is.
 */
export function Titled({
  title,
  children,
}: {
  title: string | ((param: string) => string);
  children: ReactNode;
}) {
  const params = useParams();
  const param = params.id ?? params.serial ?? '';
  useDocumentTitle(typeof title === 'string' ? title : title(param));
  return <>{children}</>;
}
