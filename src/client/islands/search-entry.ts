/**
 * The home page's search form on a document page. The form itself is a plain GET search (provider
 * search reads its fields: service, location, insurance), so it works before and without this
 * script; the island only asks for the location before sending, as the app's form does.
 */
import { REQUIRED_MESSAGE_ATTRIBUTE } from './names';

export function searchEntry(form: HTMLFormElement): void {
  const location = form.querySelector<HTMLInputElement>('input[name="location"]');
  const errorId = location
    ?.getAttribute('aria-describedby')
    ?.split(' ')[0]
    ?.replace(/-hint$/, '-error');
  const error = errorId ? document.getElementById(errorId) : null;
  if (!location || !error) return;
  const hint = location.getAttribute('aria-describedby') ?? '';
  const showError = (text: string | undefined) => {
    error.textContent = text ?? '';
    if (text) {
      location.setAttribute('aria-invalid', 'true');
      location.setAttribute('aria-describedby', `${hint} ${error.id}`);
    } else {
      location.removeAttribute('aria-invalid');
      location.setAttribute('aria-describedby', hint);
    }
  };
  location.addEventListener('input', () => showError(undefined));
  form.addEventListener('submit', (event) => {
    if (location.value.trim()) return;
    event.preventDefault();
    showError(form.getAttribute(REQUIRED_MESSAGE_ATTRIBUTE) ?? '');
    location.focus();
  });
}
