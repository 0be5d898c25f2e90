/**
 * The account's language in settings: English or Español. Saved to the account (its mail
 * and documents follow it), then the same page opens in that language at once: its path under the
 * language's prefix (/es/…), as the header's switcher does.
 */
import { useState } from 'react';
import { message } from '@/domain/messages';
import { activeLocale, LOCALES, localeDefinition, localizedPath, type Locale } from '@/domain/locale';
import { useUpdateUserMutation } from '@/generated/client/hooks';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';

/** The same page in a language (path under its prefix, same query), loaded anew so everything is written in it. */
function openIn(locale: Locale): void {
  const { pathname, search, hash } = window.location;
  window.location.assign(`${localizedPath(pathname, locale)}${search}${hash}`);
}

export function LanguageSettings({ userId, language }: { userId: string; language: string | null | undefined }) {
  const page = activeLocale();
  const [chosen, setChosen] = useState<Locale>(page);
  const [saved, setSaved] = useState<string>();
  const save = useUpdateUserMutation({
    onMutate: () => setSaved(undefined),
    onSuccess: (_account, input) => {
      const tag = input.body.language as Locale;
      if (tag !== page) openIn(tag);
      else setSaved(message('ui.patient.language.saved', { language: localeDefinition(tag).name }));
    },
  });
  return (
    <section className="form-card stack-sm" aria-labelledby="language-settings">
      <h2 id="language-settings">{message('ui.patient.language.heading')}</h2>
      <form
        className="stack-sm"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ params: { id: userId }, body: { language: chosen } });
        }}
      >
        <fieldset className="stack-sm">
          <legend>{message('ui.patient.language.intro')}</legend>
          {LOCALES.map((l) => (
            <label key={l.tag} className="choice-row">
              <input type="radio" name="language" value={l.tag} checked={chosen === l.tag} onChange={() => setChosen(l.tag)} />
              <span lang={l.tag}>{l.name}</span>
            </label>
          ))}
        </fieldset>
        <div aria-live="polite" role="status">
          {saved ? <p className="notice notice--success">{saved}</p> : null}
        </div>
        <ErrorNotice text={save.isError ? errorTextFor(save.error, 'patient_web') : undefined} />
        <div>
          <Button
            type="submit"
            variant="secondary"
            disabled={save.isPending || (chosen === page && chosen === language)}
            aria-busy={save.isPending || undefined}
          >
            {message('ui.patient.language.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
