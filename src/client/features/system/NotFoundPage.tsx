import systemSpec from '@/generated/content/system';
import { ButtonLink } from '@/client/ui/Button';
import { liveDocument } from '@/domain/translations';

const system = liveDocument('content', systemSpec);

export default function NotFoundPage() {
  return (
    <div className="message-page stack">
      <h1>{system.notFound.heading}</h1>
      <p className="muted">{system.notFound.text}</p>
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <ButtonLink to="/">{system.notFound.homeAction}</ButtonLink>
      </div>
    </div>
  );
}
