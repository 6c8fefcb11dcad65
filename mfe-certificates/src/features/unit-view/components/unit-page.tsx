import { useParams } from 'react-router-dom';
import { UnitRecord } from '../../../components/unit-record/unit-record';

/** `/units/:serial`: one unit, reached from its serial (components/unit-record/unit-record.tsx). */
export default function UnitPage() {
  return <UnitRecord serial={useParams().serial ?? ''} heading="h1" />;
}
