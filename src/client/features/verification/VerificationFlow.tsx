/**
 * The verification and first-time flows (specs/flows verification.yaml, first-time-user.yaml,
 * first-time-amd-user.yaml) run by the FlowRunner. A verification page opens at its own step (each
 * step has its route); a first-time page runs its whole flow on one route.
 */
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import verification from '../../../generated/flows/verification';
import firstTimeUser from '../../../generated/flows/first-time-user';
import firstTimeAmdUser from '../../../generated/flows/first-time-amd-user';
import { routeById } from '../../../generated/routes';
import { FlowRunner } from '../../runtime/flows/FlowRunner';
import type { FlowSpec } from '../../runtime/flows/flow-spec';

const flows = {
  verification: verification as unknown as FlowSpec,
  firstTimeUser: firstTimeUser as unknown as FlowSpec,
  firstTimeAmdUser: firstTimeAmdUser as unknown as FlowSpec,
};

export function VerificationStep({ stepId }: { stepId: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  if (params.get('step') !== stepId) {
    const next = new URLSearchParams(params);
    next.set('step', stepId);
    return <Navigate to={`${location.pathname}?${next.toString()}`} replace />;
  }
  return (
    <div className="section"><div className="container form-card">
      <FlowRunner flow={flows.verification} onComplete={() => void navigate(routeById.verifySuccess.path)} />
      </div>
    </div>
  );
}

export function FirstTimeFlow({ flow }: { flow: 'firstTimeUser' | 'firstTimeAmdUser' }) {
  const navigate = useNavigate();
  return (
    <div className="section"><div className="container form-card">
      <FlowRunner flow={flows[flow]} onComplete={() => void navigate(routeById.patientHome.path)} />
      </div>
    </div>
  );
}
