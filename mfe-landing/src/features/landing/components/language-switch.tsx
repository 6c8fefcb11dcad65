import { CHOICES, texts, type Choice } from '../texts';

/** English and German together, or one of the certificate's other languages. */
export function LanguageSwitch({ choice, onChoose }: { choice: Choice; onChoose: (choice: Choice) => void }) {
  return (
    <nav className="land-langs" aria-label={texts.switchLabel}>
      {CHOICES.map((option) => (
        <button
          key={option.value}
          type="button"
          className="land-langs__option"
          aria-pressed={option.value === choice}
          onClick={() => onChoose(option.value)}
        >
          {option.label}
        </button>
      ))}
    </nav>
  );
}
