import { INSTRUCTIONS_MARKING } from 'contracts';

/** The languages of INSTRUCTIONS_MARKING, in its order, so each line is read in its own language. */
const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'pt'];

/**
 * Beside the QR code: where the instructions for use and the documents are (the unit's page behind the code), as
 * a pictogram of an open instruction book and the first `languages` lines. Black on white like the label.
 */
export function InstructionsMarking({ languages }: { languages: number }) {
  const lines = INSTRUCTIONS_MARKING.slice(0, languages);
  // Alone, the pictogram is the marking and is named; beside the lines it only repeats them.
  const name = lines.length
    ? { 'aria-hidden': true }
    : { role: 'img', 'aria-label': INSTRUCTIONS_MARKING[0] };
  return (
    <div className="cert-label__marking" data-testid="label-marking">
      <svg className="cert-label__marking-icon" viewBox="0 0 24 24" {...name}>
        <path
          d="M12 6.5C9.5 4.6 6.3 4 2.5 4.5v14c3.8-.5 7 .1 9.5 2 2.5-1.9 5.7-2.5 9.5-2v-14c-3.8-.5-7 .1-9.5 2zm0 0v14"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <path
          d="M5 8.5h4.5M5 11.5h4.5M5 14.5h4.5M14.5 8.5H19M14.5 11.5H19M14.5 14.5H19"
          stroke="currentColor"
        />
      </svg>
      {lines.length > 0 && (
        <p className="cert-label__marking-text">
          {lines.map((line, index) => (
            <span key={line} lang={LANGUAGES[index]}>
              {line}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
