import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('searches with the trimmed text on Enter, not on every keystroke', async () => {
    const onSearch = jest.fn();
    const user = userEvent.setup();
    render(<SearchBox label="SUCHEN..." buttonLabel="SUCHEN" icon onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'SUCHEN...' });
    await user.type(box, '  MAB ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(box, '{Enter}');
    expect(onSearch).toHaveBeenCalledWith('MAB');
    expect(box).toHaveValue('  MAB ');
  });

  it('has a visible label and a button with text when asked', async () => {
    const onSearch = jest.fn();
    const user = userEvent.setup();
    render(
      <SearchBox
        label="MASCHINE SUCHEN"
        showLabel
        placeholder="Artikelnummer"
        buttonLabel="SUCHEN"
        onSearch={onSearch}
      />,
    );
    await user.type(screen.getByLabelText('MASCHINE SUCHEN'), 'XYZ');
    await user.click(screen.getByRole('button', { name: 'SUCHEN' }));
    expect(onSearch).toHaveBeenCalledWith('XYZ');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('follows a search changed from outside', () => {
    const { rerender } = render(<SearchBox label="S" buttonLabel="B" value="a" onSearch={() => {}} />);
    expect(screen.getByRole('searchbox')).toHaveValue('a');
    rerender(<SearchBox label="S" buttonLabel="B" value="b" onSearch={() => {}} />);
    expect(screen.getByRole('searchbox')).toHaveValue('b');
  });
});

describe('SearchBox with the search kept by the page', () => {
  it('shows the search as sent, trimmed', async () => {
    const user = userEvent.setup();
    function Page() {
      const [search, setSearch] = useState('');
      return <SearchBox label="S" buttonLabel="B" value={search} onSearch={setSearch} />;
    }
    render(<Page />);
    await user.type(screen.getByRole('searchbox'), '  4852611002 {Enter}');
    expect(screen.getByRole('searchbox')).toHaveValue('4852611002');
  });
});
