import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_MAX_BYTES } from 'contracts';
import { useState } from 'react';
import { apiError, renderScreen } from '../test/render';
import { uploadImage } from '../api/upload-image';
import { useImageUpload } from '../hooks/use-image-upload';
import { ImageUploadField } from './image-upload-field';

jest.mock('../api/upload-image');
const upload = jest.mocked(uploadImage);

function Harness({ initial = '' }: { initial?: string }) {
  const [path, setPath] = useState(initial);
  const state = useImageUpload(setPath);
  return <ImageUploadField id="photo" label="PRODUKTFOTO" value={path} upload={state} />;
}

const png = (size = 100, name = 'foto.png', type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

describe('ImageUploadField', () => {
  beforeEach(() => {
    upload.mockReset();
  });

  it('uploads at once with progress, then shows the 200×200 preview', async () => {
    // The browser filter would drop other types; these tests check what happens when one gets through.
    const user = userEvent.setup({ applyAccept: false });
    let report: (percent: number) => void = () => {};
    let finish: (path: string) => void = () => {};
    upload.mockImplementation((_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    renderScreen(<Harness />);
    await user.upload(screen.getByLabelText('PRODUKTFOTO'), png());
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('PRODUKTFOTO')).toBeDisabled();
    act(() => report(42));
    expect(screen.getByText('Wird hochgeladen … 42 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '42');

    await act(async () => finish('uploads/abc.png'));
    const preview = screen.getByRole('img', { name: /PRODUKTFOTO/ });
    expect(preview).toHaveAttribute('src', '/api/uploads/abc.png');
    expect(preview).toHaveAttribute('width', '200');
    expect(preview).toHaveAttribute('height', '200');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses another file type in the browser, without uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<Harness />);
    await user.upload(screen.getByLabelText('PRODUKTFOTO'), png(100, 'bild.svg', 'image/svg+xml'));
    expect(screen.getByRole('alert')).toHaveTextContent('Nur PNG-, JPEG- und GIF-Bilder sind erlaubt.');
    expect(screen.getByLabelText('PRODUKTFOTO')).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file over 5 MB in the browser, without uploading', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.upload(screen.getByLabelText('PRODUKTFOTO'), png(UPLOAD_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Die Datei ist zu groß (höchstens 5 MB).');
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the API's reason when the server refuses the bytes, and keeps the previous image", async () => {
    const user = userEvent.setup();
    upload.mockRejectedValueOnce(apiError(415, 'Nur PNG-, JPEG- und GIF-Bilder sind erlaubt.'));
    renderScreen(<Harness initial="uploads/old.png" />);
    // An SVG renamed to .png: the browser believes the name, the server reads the bytes.
    await user.upload(screen.getByLabelText('PRODUKTFOTO'), png(100, 'bild.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nur PNG-, JPEG- und GIF-Bilder sind erlaubt.',
    );
    expect(screen.getByRole('img', { name: /PRODUKTFOTO/ })).toHaveAttribute('src', '/api/uploads/old.png');
    expect(screen.getByLabelText('PRODUKTFOTO')).toBeEnabled();

    upload.mockRejectedValueOnce(new Error('Network Error'));
    await user.upload(screen.getByLabelText('PRODUKTFOTO'), png());
    // The first refusal's alert may still be there: wait for the new reason, not for any alert.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Das Bild konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut!',
      ),
    );
  });
});
