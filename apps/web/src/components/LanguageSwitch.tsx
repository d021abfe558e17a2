import { languages } from '@quan/contract/language';
import { chooseDinerLanguage, languageNames, useLanguage, useT } from '../lib/i18n';

/**
 * The diner's language switch ("VI | EN"): the choice shows at once and is remembered on the phone. Each
 * choice is named in its own language, so a guest finds theirs whatever is on screen; its name starts with
 * the code it shows ("EN, English"), so a person who speaks to their device can say what they see.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const active = useLanguage();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={`inline-flex rounded-full bg-black/15 p-0.5 ${className}`}
    >
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === active}
          aria-label={`${language.toUpperCase()}, ${languageNames[language]}`}
          onClick={() => void chooseDinerLanguage(language)}
          className={`min-h-11 min-w-11 rounded-full px-3 text-sm font-bold uppercase ${
            language === active ? 'bg-white text-amber-900' : 'text-white hover:bg-white/15'
          }`}
        >
          {language}
        </button>
      ))}
    </div>
  );
}
