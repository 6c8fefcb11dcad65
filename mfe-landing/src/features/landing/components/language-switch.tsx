import { LANGUAGES, texts, type Language } from '../texts';

/** One language at a time: each of the page's languages by its code, the shown one pressed. */
export function LanguageSwitch({
  choice,
  onChoose,
}: {
  choice: Language;
  onChoose: (choice: Language) => void;
}) {
  return (
    <nav className="land-langs" aria-label={texts.switchLabel}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="land-langs__option"
          aria-pressed={language === choice}
          onClick={() => onChoose(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </nav>
  );
}
