/**
 * Document pages (render: document in specs/routes.yaml) are rendered on the server and never
 * hydrated: the browser gets HTML and, for the few interactive widgets, the islands script
 * (src/client/islands). A component rendered into such a page reads this context and draws what
 * works without its own code: links instead of buttons, GET forms instead of state, controls that
 * need a script hidden until the island shows them. The page's address is the widgets' state.
 */
import { createContext, useContext } from 'react';

export interface DocumentMode {
  /** the page's query: the state of widgets that are links and GET forms on a document page */
  search: URLSearchParams;
  /** the server's time when it rendered the page: a document's widgets count days from it, not from the machine's clock */
  now?: Date;
}

export const DocumentModeContext = createContext<DocumentMode | undefined>(undefined);

/** The document page being rendered, or undefined inside the app (client-rendered or hydrated). */
export function useDocumentMode(): DocumentMode | undefined {
  return useContext(DocumentModeContext);
}
