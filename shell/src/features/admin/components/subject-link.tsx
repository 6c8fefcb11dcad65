import { staffUrls, type TypedAuditEvent } from 'contracts';
import { Link } from 'react-router-dom';
import { imageUrl, useT } from 'shared-ui';
import { adminCatalogs, isAdminKey } from '../catalogs';

/** Where a subject can be seen: its screen, the image, or the account's own history. */
export function SubjectLink({ event }: { event: Pick<TypedAuditEvent, 'subject_type' | 'subject_id'> }) {
  const t = useT(adminCatalogs);
  const key = `subject.${event.subject_type}`;
  const type = isAdminKey(key) ? t(key) : event.subject_type;
  const label = `${type} ${event.subject_id}`;
  const id = Number(event.subject_id);
  switch (event.subject_type) {
    case 'certificate':
      return <Link to={staffUrls.certificateDetail(id)}>{label}</Link>;
    case 'unit':
      return <Link to={staffUrls.unit(event.subject_id)}>{label}</Link>;
    case 'machine':
      return <Link to={staffUrls.machineEdit(id)}>{label}</Link>;
    case 'brand':
      return <Link to={staffUrls.tab('machine_list')}>{label}</Link>;
    case 'instrument':
      return <Link to={staffUrls.tab('instruments')}>{label}</Link>;
    case 'image':
      return (
        <a href={imageUrl(event.subject_id)} target="_blank" rel="noopener noreferrer">
          {type}
        </a>
      );
    case 'account':
      return (
        <Link to={`?subject_type=account&subject_id=${encodeURIComponent(event.subject_id)}`}>{label}</Link>
      );
    default:
      return <>{label}</>;
  }
}
