import { useId, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { languages, type Language } from '@quan/contract/language';
import { describeApiError } from '../../../lib/api-client';
import { languageNames, useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

/** The value of "the restaurant's language" in the select. */
const restaurants = 'restaurant';

/**
 * The language of this person's screens: their own, or the restaurant's (which follows the settings). Saving
 * switches the screens at once (the answer names the language they now show).
 */
export function LanguageChoiceForm({ current }: { current: Language | null }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const updateProfile = useUpdateProfile();
  const selectId = useId();
  const [choice, setChoice] = useState<string>(current ?? restaurants);

  function save(event: FormEvent) {
    event.preventDefault();
    const language = choice === restaurants ? null : (choice as Language);
    updateProfile.mutate(
      { language },
      {
        onSuccess: () => enqueueSnackbar(t('settings.profile.language.saved'), { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('settings.profile.language.saveFailed')), { variant: 'error' }),
      },
    );
  }

  return (
    <form onSubmit={save} aria-labelledby={`${selectId}-title`} className="card space-y-4 p-6">
      <h2 id={`${selectId}-title`} className="text-lg font-semibold text-stone-900">
        {t('settings.profile.language')}
      </h2>
      <div>
        <label htmlFor={selectId} className="field-label">
          {t('settings.profile.language.label')}
        </label>
        <select
          id={selectId}
          className="field-input"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value={restaurants}>{t('settings.profile.language.restaurant')}</option>
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={choice === (current ?? restaurants) || updateProfile.isPending}
        >
          {t('settings.profile.language.save')}
        </button>
      </div>
    </form>
  );
}
