import { imageUrl } from 'shared-ui';

/** A chosen item's picture with its caption; a neutral placeholder until something is chosen. */
export function SelectionPreview({
  caption,
  image,
  alt,
}: {
  caption: string;
  image: string | undefined;
  alt: string;
}) {
  const src = imageUrl(image);
  return (
    <figure className="cert-preview-image">
      <div className="cert-preview-image__frame">
        {src ? (
          <img src={src} alt={alt} />
        ) : (
          <svg className="cert-preview-image__placeholder" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.2"
            />
            <circle cx="15.5" cy="8.5" r="1.5" fill="currentColor" />
          </svg>
        )}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
