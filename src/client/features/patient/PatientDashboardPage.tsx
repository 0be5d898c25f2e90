/** /app/patient/dashboard: the dashboard opens on its home section. */
import { Navigate } from 'react-router';
import { routeById } from '@/generated/routes';

export default function PatientDashboardPage() {
  return <Navigate to={routeById.patientHome.path} replace />;
}
